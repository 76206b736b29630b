import { createActor, fromPromise, waitFor } from 'xstate';
import { toastActor } from '../../../components/ui/popup/popups';
import { selectToastMessage } from '../../../components/ui/popup/toast.machine';
import { copyLinkMachine, LINK_COPIED_TEXT, LINK_NOT_COPIED_TEXT } from './copy-link.machine';

function copier(write: (text: string) => Promise<void>) {
  const actor = createActor(
    copyLinkMachine.provide({ actors: { writeClipboard: fromPromise<void, { text: string }>(({ input }) => write(input.text)) } }),
  ).start();
  return actor;
}

describe('copy link machine', () => {
  it('copies the exact link and says so', async () => {
    const written: string[] = [];
    const actor = copier(async (text) => {
      written.push(text);
    });

    actor.send({ type: 'COPY', text: 'https://campus.test/certificates/verify/K7QF2M9A' });
    expect(actor.getSnapshot().value).toBe('copying');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(written).toEqual(['https://campus.test/certificates/verify/K7QF2M9A']);
    expect(selectToastMessage(toastActor.getSnapshot())).toBe(LINK_COPIED_TEXT);
  });

  it('tells the learner to copy by hand when the browser refuses', async () => {
    const actor = copier(() => Promise.reject(new Error('denied')));

    actor.send({ type: 'COPY', text: 'https://campus.test/certificates/verify/K7QF2M9A' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(selectToastMessage(toastActor.getSnapshot())).toBe(LINK_NOT_COPIED_TEXT);
  });

  it('ignores a second press while copying', async () => {
    let finish = () => {};
    const write = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const actor = copier(write);

    actor.send({ type: 'COPY', text: 'a' });
    actor.send({ type: 'COPY', text: 'b' });
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(write).toHaveBeenCalledTimes(1);
  });
});
