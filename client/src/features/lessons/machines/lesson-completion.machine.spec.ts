import type { LessonCompletion } from '@campus/contracts/lessons';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { ReviewOutcome } from '../components/review-popup';
import type { LessonAddress } from '../lesson-address';
import { lessonCompletionMachine, selectPhase, selectProgress } from './lesson-completion.machine';
import type { ReviewFormInput } from './review-form.machine';

const address: LessonAddress = { courseKind: 'learning', courseSlug: 'oa-basics', lessonSlug: 'rich-menu' };

const completion = (overrides: Partial<LessonCompletion> = {}): LessonCompletion => ({
  completedLessonCount: 2,
  lessonCount: 3,
  courseCompleted: false,
  feedbackPopupType: null,
  ...overrides,
});

function setUp({ isCompleted = false } = {}) {
  const marks: { input: LessonAddress; answer: ReturnType<typeof deferred<LessonCompletion>> }[] = [];
  const reviews: { input: ReviewFormInput; answer: ReturnType<typeof deferred<ReviewOutcome>> }[] = [];
  const track = jest.fn();
  const logic = lessonCompletionMachine.provide({
    actors: {
      markCompleted: fromPromise<LessonCompletion, LessonAddress>(({ input }) => {
        const answer = deferred<LessonCompletion>();
        marks.push({ input, answer });
        return answer.promise;
      }),
      askReview: fromPromise<ReviewOutcome, ReviewFormInput>(({ input }) => {
        const answer = deferred<ReviewOutcome>();
        reviews.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: { track },
  });
  const actor = createActor(logic, { input: { address, isCompleted } }).start();
  return { actor, marks, reviews, track };
}

describe('lessonCompletionMachine', () => {
  it('starts completed for a lesson completed before, and then sends nothing', () => {
    const { actor, marks } = setUp({ isCompleted: true });
    expect(selectPhase(actor.getSnapshot())).toBe('completed');
    actor.send({ type: 'COMPLETE' });
    expect(marks).toHaveLength(0);
    expect(selectProgress(actor.getSnapshot())).toBeNull();
  });

  it('marks the lesson completed once and keeps the course progress', async () => {
    const { actor, marks, reviews, track } = setUp();
    expect(selectPhase(actor.getSnapshot())).toBe('idle');

    actor.send({ type: 'COMPLETE' });
    actor.send({ type: 'COMPLETE' });
    expect(selectPhase(actor.getSnapshot())).toBe('completing');
    expect(marks.map((mark) => mark.input)).toEqual([address]);

    marks[0]!.answer.resolve(completion());
    await waitFor(actor, (snapshot) => snapshot.matches('completed'));
    expect(selectProgress(actor.getSnapshot())).toEqual(completion());
    expect(reviews).toHaveLength(0);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('opens the review popup when the server asks for a review, and is completed meanwhile', async () => {
    const { actor, marks, reviews } = setUp();
    actor.send({ type: 'COMPLETE' });
    marks[0]!.answer.resolve(
      completion({ completedLessonCount: 3, courseCompleted: true, feedbackPopupType: 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY' }),
    );

    await waitFor(actor, (snapshot) => snapshot.matches('reviewing'));
    expect(selectPhase(actor.getSnapshot())).toBe('completed');
    expect(reviews.map((review) => review.input)).toEqual([
      { courseKind: 'learning', courseSlug: 'oa-basics', feedbackPopupType: 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY' },
    ]);

    reviews[0]!.answer.resolve('closed');
    await waitFor(actor, (snapshot) => snapshot.matches('completed'));
    expect(selectProgress(actor.getSnapshot())?.completedLessonCount).toBe(3);
  });

  it('goes back to idle when the call fails (the API client showed why), and can try again', async () => {
    const { actor, marks, track } = setUp();
    actor.send({ type: 'COMPLETE' });
    marks[0]!.answer.reject(new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }));

    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectProgress(actor.getSnapshot())).toBeNull();
    expect(track).not.toHaveBeenCalled();

    actor.send({ type: 'COMPLETE' });
    expect(marks).toHaveLength(2);
  });
});
