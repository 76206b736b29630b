import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { closeWhenFocusLeaves } from '../../components/ui/focus-leave';
import { selectSubmenuOpen, submenuMachine } from './submenu.machine';
import { useSubmenuGroup } from './submenu-group';

const FOCUSABLE = 'a[href], button:not([disabled])';

interface SubmenuProps {
  /** Unique within the submenu group. */
  id: string;
  /** The trigger button's content; its text is the button's accessible name. */
  trigger: ReactNode;
  /** Called on every click of the trigger (e.g. analytics). */
  onTriggerPress?: () => void;
  className?: string;
  triggerClassName?: string;
  panelClassName?: string;
  /** The panel's links and buttons. */
  children: ReactNode;
  /** Tests pass `submenuMachine.provide({...})`. */
  logic?: typeof submenuMachine;
}

/**
 * A header submenu: a disclosure button (`aria-expanded`, `aria-controls`, `aria-haspopup`) and
 * its panel. Behaviour lives in `submenuMachine`; this component only translates DOM events:
 * - pointer: opens on hover, closes 1000 ms after the pointer leaves (re-entering cancels);
 * - click / Enter / Space on the trigger toggles; ArrowDown / ArrowUp open and focus the first / last item;
 * - inside the panel ArrowDown / ArrowUp / Home / End move between items;
 * - Escape closes and returns focus to the trigger; so do a route change, a click on an item,
 *   a press or focus outside, and another submenu of the group opening.
 */
export function Submenu({
  id,
  trigger,
  onTriggerPress,
  className = 'submenu',
  triggerClassName = 'submenu__trigger',
  panelClassName = 'submenu__panel',
  children,
  logic = submenuMachine,
}: SubmenuProps) {
  const actor = useActorRef(logic);
  const open = useSelector(actor, selectSubmenuOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const [focusRequest, setFocusRequest] = useState<'first' | 'last' | null>(null);
  const location = useLocation();
  const group = useSubmenuGroup();
  const isActive = group ? group.active === id : true;

  // Spec §2: a submenu closes on route change.
  useEffect(() => {
    actor.send({ type: 'CLOSE' });
  }, [actor, location.key]);

  // One submenu of the group at a time.
  useEffect(() => {
    if (open) group?.activate(id);
  }, [open, group, id]);
  useEffect(() => {
    if (!isActive) actor.send({ type: 'CLOSE' });
  }, [actor, isActive]);

  // Keyboard opening moves focus into the panel once it is shown.
  useEffect(() => {
    if (!open || !focusRequest) return;
    const items = focusableItems();
    (focusRequest === 'first' ? items[0] : items.at(-1))?.focus();
    setFocusRequest(null);
  }, [open, focusRequest]);

  // A press outside closes at once.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) actor.send({ type: 'CLOSE' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [actor, open]);

  function focusableItems(): HTMLElement[] {
    return Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  }

  function closeToTrigger() {
    actor.send({ type: 'CLOSE' });
    triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      actor.send({ type: 'OPEN' });
      setFocusRequest(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = focusableItems();
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown'
        ? items[(index + 1) % items.length]
        : event.key === 'ArrowUp'
          ? items[(index - 1 + items.length) % items.length]
          : event.key === 'Home'
            ? items[0]
            : event.key === 'End'
              ? items.at(-1)
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  function onRootKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      closeToTrigger();
    }
  }

  return (
    <div
      ref={rootRef}
      className={className}
      data-open={open || undefined}
      onMouseEnter={() => actor.send({ type: 'POINTER_ENTER' })}
      onMouseLeave={() => actor.send({ type: 'POINTER_LEAVE' })}
      onKeyDown={onRootKeyDown}
      onBlur={closeWhenFocusLeaves(rootRef, open, () => actor.send({ type: 'CLOSE' }))}
    >
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="true"
        onClick={() => {
          actor.send({ type: 'PRESS' });
          onTriggerPress?.();
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
        <span className="submenu__chevron" aria-hidden="true" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={panelClassName}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        onClick={(event) => {
          if ((event.target as Element).closest('a, button')) actor.send({ type: 'CLOSE' });
        }}
      >
        {children}
      </div>
    </div>
  );
}
