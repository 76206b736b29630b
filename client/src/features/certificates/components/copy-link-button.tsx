import { useActorRef, useSelector } from '@xstate/react';
import { copyLinkMachine, selectCopying } from '../machines/copy-link.machine';

interface CopyLinkButtonProps {
  /** The exact text to copy. */
  text: string;
  label: string;
  /** Tests pass `copyLinkMachine.provide({...})`. */
  logic?: typeof copyLinkMachine;
}

/** Copies `text`; the toast says whether it worked (behaviour: `copyLinkMachine`). */
export function CopyLinkButton({ text, label, logic = copyLinkMachine }: CopyLinkButtonProps) {
  const actor = useActorRef(logic);
  const copying = useSelector(actor, selectCopying);
  return (
    <button type="button" className="button" aria-busy={copying || undefined} onClick={() => actor.send({ type: 'COPY', text })}>
      {label}
    </button>
  );
}
