import type { FeedbackReceipt } from '../api/post-course-feedback';
import { createActor, fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import {
  REVIEW_THANKS,
  reviewFormMachine,
  selectCanSubmit,
  selectFreetextTooLong,
  selectShowsFreetext,
  selectSubmitting,
  submitReview,
  type SendFeedbackInput,
} from './review-form.machine';

function setUp() {
  const sends: { input: SendFeedbackInput; answer: ReturnType<typeof deferred<FeedbackReceipt>> }[] = [];
  const thank = jest.fn();
  const logic = reviewFormMachine.provide({
    actors: {
      sendFeedback: fromPromise<FeedbackReceipt, SendFeedbackInput>(({ input }) => {
        const answer = deferred<FeedbackReceipt>();
        sends.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: { thank },
  });
  const actor = createActor(logic, {
    input: { courseKind: 'learning', courseSlug: 'oa-basics', feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME' },
  }).start();
  return { actor, sends, thank };
}

describe('reviewFormMachine (spec §4, §5)', () => {
  it('keeps submit disabled and the text box hidden until a star is chosen', () => {
    const { actor, sends } = setUp();
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    expect(selectShowsFreetext(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'SUBMIT' });
    expect(sends).toHaveLength(0);

    actor.send({ type: 'RATE', score: 4 });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(selectShowsFreetext(actor.getSnapshot())).toBe(true);
  });

  it('accepts only scores 1 to 5', () => {
    const { actor } = setUp();
    actor.send({ type: 'RATE', score: 0 });
    actor.send({ type: 'RATE', score: 6 });
    actor.send({ type: 'RATE', score: 2.5 });
    expect(actor.getSnapshot().context.score).toBeNull();
    actor.send({ type: 'RATE', score: 5 });
    expect(actor.getSnapshot().context.score).toBe(5);
  });

  it('allows 1000 characters but not 1001', () => {
    const { actor } = setUp();
    actor.send({ type: 'RATE', score: 3 });

    actor.send({ type: 'EDIT', freetext: 'あ'.repeat(1000) });
    expect(selectFreetextTooLong(actor.getSnapshot())).toBe(false);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'EDIT', freetext: 'あ'.repeat(1001) });
    expect(selectFreetextTooLong(actor.getSnapshot())).toBe(true);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });

  it('sends the popup type, the score and the trimmed text, then thanks and finishes', async () => {
    const { actor, sends, thank } = setUp();
    actor.send({ type: 'RATE', score: 5 });
    actor.send({ type: 'EDIT', freetext: '  とても分かりやすかったです。\n' });

    const submitted = submitReview(actor);
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    expect(sends.map((send) => send.input)).toEqual([
      {
        courseKind: 'learning',
        courseSlug: 'oa-basics',
        body: { feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 5, freetext: 'とても分かりやすかったです。' },
      },
    ]);
    sends[0]!.answer.resolve({ receivedAt: '2026-11-22T01:00:00.000Z' });

    await expect(submitted).resolves.toBeUndefined();
    expect(actor.getSnapshot().status).toBe('done');
    expect(thank).toHaveBeenCalledTimes(1);
    expect(REVIEW_THANKS).toBe('ご評価ありがとうございました。');
  });

  it('leaves an empty text out of the request (it is optional)', () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'RATE', score: 1 });
    actor.send({ type: 'EDIT', freetext: '   ' });
    void submitReview(actor);
    expect(sends[0]!.input.body).toEqual({ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 1 });
  });

  it('keeps the values and gives the message when sending fails', async () => {
    const { actor, sends, thank } = setUp();
    actor.send({ type: 'RATE', score: 2 });
    actor.send({ type: 'EDIT', freetext: '動画がもう少し欲しいです。' });

    const submitted = submitReview(actor);
    sends[0]!.answer.reject(new ApiError({ message: '評価を送信できませんでした。', status: 500, code: 'INTERNAL_ERROR' }));

    await expect(submitted).rejects.toThrow(UNKNOWN_ERROR_MESSAGE);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context).toMatchObject({ score: 2, freetext: '動画がもう少し欲しいです。', error: UNKNOWN_ERROR_MESSAGE });
    expect(thank).not.toHaveBeenCalled();
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('refuses to submit without a star, without asking the server', async () => {
    const { actor, sends } = setUp();
    await expect(submitReview(actor)).rejects.toThrow('星の数を選んでから送信してください。');
    expect(sends).toHaveLength(0);
  });
});
