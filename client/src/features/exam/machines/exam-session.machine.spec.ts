import type { ExamSession, ExamSubmission, SavedAnswer } from '@campus/contracts/exams';
import { createActor, fromCallback, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import { readStoredQueue, writeStoredQueue } from '../answer-queue';
import { saveAnswersOnLeave, type SaveAnswerInput } from '../api/save-answer';
import type { SubmitExamInput } from '../api/submit-exam';
import {
  examSessionMachine,
  firstUnansweredIndex,
  selectAnswers,
  selectCurrentIndex,
  selectPhase,
  selectRemainingMs,
  selectSaveStatus,
  type ExamSessionEmitted,
  type ExamSessionEvent,
  type LoadedExam,
  type SubmitFailure,
} from './exam-session.machine';

// The machine's own keepalive sender, watched (its PUTs would go nowhere in jsdom).
jest.mock('../api/save-answer', () => ({ saveAnswer: jest.fn(), saveAnswersOnLeave: jest.fn() }));
const sentOnLeave = jest.mocked(saveAnswersOnLeave);

const SESSION_ID = '0196a3c4-0000-7000-8000-000000000001';
/** The client clock when the page loads; the server runs 30 s ahead of it. */
const T0 = Date.parse('2026-11-22T01:00:00.000Z');
const OFFSET = 30_000;
const DEADLINE = T0 + OFFSET + 10 * 60_000;

const aSession = (overrides: Partial<ExamSession> = {}): ExamSession => ({
  examSessionId: SESSION_ID,
  courseSlug: 'line-ads-basic',
  startedAt: new Date(DEADLINE - 20 * 60_000).toISOString(),
  deadline: new Date(DEADLINE).toISOString(),
  questions: [
    { questionId: 'q1', type: 'single', prompt: '問題1', choices: [{ choiceId: 'a', text: 'A' }, { choiceId: 'b', text: 'B' }] },
    { questionId: 'q2', type: 'multiple', prompt: '問題2', choices: [{ choiceId: 'c', text: 'C' }, { choiceId: 'd', text: 'D' }] },
    { questionId: 'q3', type: 'single', prompt: '問題3', choices: [{ choiceId: 'e', text: 'E' }, { choiceId: 'f', text: 'F' }] },
  ],
  answers: {},
  ...overrides,
});

const networkError = () => new ApiError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: NETWORK_ERROR_CODE });
const timeOver = (message: string) => new ApiError({ message, status: 400, code: 'EXAM_TIME_OVER' });

type Pending<I, O> = { input: I; answer: ReturnType<typeof deferred<O>> };

/** The machine with fake API calls, a fake client clock and fake popups; delays run on a SimulatedClock. */
function setUp({
  session = aSession(),
  load,
  resultPending = false,
}: { session?: ExamSession; load?: () => Promise<LoadedExam>; resultPending?: boolean } = {}) {
  const clock = new SimulatedClock();
  let now = T0;
  const saves: Pending<SaveAnswerInput, SavedAnswer>[] = [];
  const submits: Pending<SubmitExamInput, ExamSubmission>[] = [];
  const popups: Pending<SubmitFailure | undefined, string>[] = [];
  const popupKinds: string[] = [];
  const clockReadings: ReturnType<typeof deferred<{ offsetMs: number; clientNow: number }>>[] = [];
  let sendTick: ((event: ExamSessionEvent) => void) | null = null;
  let sendBrowser: ((event: ExamSessionEvent) => void) | null = null;
  let sendPush: ((event: ExamSessionEvent) => void) | null = null;
  const closePopups = jest.fn();

  const popup = (kind: string) =>
    // `any`: the time-up popup takes no input, the submit-failure ones take the failure.
    fromPromise<string, any>(({ input }) => {
      const answer = deferred<string>();
      popups.push({ input: input as SubmitFailure | undefined, answer });
      popupKinds.push(kind);
      return answer.promise;
    });

  const logic = examSessionMachine.provide({
    actors: {
      // The real storage (jsdom's localStorage): what a reload finds is what the last page left.
      loadExam: fromPromise<LoadedExam, { courseSlug: string }>(
        () => load?.() ?? Promise.resolve({ session, clock: { offsetMs: OFFSET, clientNow: T0 }, stored: readStoredQueue(session.examSessionId) }),
      ),
      findPendingResult: fromPromise<boolean, { courseSlug: string }>(() => Promise.resolve(resultPending)),
      readClock: fromPromise(() => {
        const reading = deferred<{ offsetMs: number; clientNow: number }>();
        clockReadings.push(reading);
        return reading.promise;
      }),
      saveAnswer: fromPromise<SavedAnswer, SaveAnswerInput>(({ input }) => {
        const answer = deferred<SavedAnswer>();
        saves.push({ input, answer });
        return answer.promise;
      }),
      submitExam: fromPromise<ExamSubmission, SubmitExamInput>(({ input }) => {
        const answer = deferred<ExamSubmission>();
        submits.push({ input, answer });
        return answer.promise;
      }),
      ticker: fromCallback<ExamSessionEvent>(({ sendBack }) => {
        sendTick = sendBack;
        return () => {
          sendTick = null;
        };
      }),
      browserEvents: fromCallback<ExamSessionEvent>(({ sendBack }) => {
        sendBrowser = sendBack;
        return () => {
          sendBrowser = null;
        };
      }),
      timeUpPush: fromCallback<ExamSessionEvent>(({ sendBack }) => {
        sendPush = sendBack;
        return () => {
          sendPush = null;
        };
      }),
      showTimeUp: popup('timeUp'),
      askSubmitRetry: popup('submitFailure'),
      showTimedOut: popup('submitFailureTimedOut'),
    },
    actions: { closePopups, track: () => {} },
  });

  const actor = createActor(logic, { input: { courseSlug: 'line-ads-basic' }, clock });
  const finished: ExamSessionEmitted[] = [];
  actor.on('finished', (event) => finished.push(event));
  actor.start();

  return {
    actor,
    saves,
    submits,
    popups,
    popupKinds,
    clockReadings,
    finished,
    closePopups,
    /** Time passes: delays fire, and the ticker reports the client clock (if it is running). */
    advance(ms: number) {
      now += ms;
      clock.increment(ms);
      sendTick?.({ type: 'TICK', now });
    },
    /** Time passes without ticks (a sleeping background tab). */
    sleep(ms: number) {
      now += ms;
      clock.increment(ms);
    },
    browser: (event: ExamSessionEvent) => sendBrowser?.(event),
    push: (event: ExamSessionEvent) => sendPush?.(event),
    get now() {
      return now;
    },
  };
}

type Harness = ReturnType<typeof setUp>;

/** Lets promise callbacks (the fake API's answers) reach the machine. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

async function loaded(harness: Harness) {
  await settle();
  expect(selectPhase(harness.actor.getSnapshot())).toBe('answering');
  return harness;
}

const choose = (actor: ActorRefFrom<typeof examSessionMachine>, questionId: string, choiceId: string, checked = true) =>
  actor.send({ type: 'CHOOSE', questionId, choiceId, checked });

const saved = (): SavedAnswer => ({ savedAt: new Date(T0).toISOString() });
const submission = (): ExamSubmission => ({ examSessionId: SESSION_ID, status: 'submitted', finishedAt: new Date(T0).toISOString() });

beforeEach(() => {
  window.localStorage.clear();
});

describe('examSessionMachine', () => {
  it('counts down to the server deadline with the measured offset', async () => {
    const { actor, advance } = await loaded(setUp());
    expect(selectRemainingMs(actor.getSnapshot())).toBe(10 * 60_000);
    advance(61_000);
    expect(selectRemainingMs(actor.getSnapshot())).toBe(10 * 60_000 - 61_000);
  });

  it('sends a change at once, keeps it queued and stored until the 2xx, then shows 保存済み', async () => {
    const { actor, saves } = await loaded(setUp());
    choose(actor, 'q1', 'b');
    expect(selectAnswers(actor.getSnapshot()).q1).toEqual(['b']);
    expect(readStoredQueue(SESSION_ID)).toEqual([{ questionId: 'q1', choiceIds: ['b'], revision: 1 }]);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saving');
    // No waiting for company: the click's answer is on its way before any time passes.
    expect(saves.map((save) => save.input)).toEqual([{ examSessionId: SESSION_ID, questionId: 'q1', choiceIds: ['b'] }]);

    saves[0]!.answer.resolve(saved());
    await settle();
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
  });

  it('coalesces only while a request is in flight: the newest choice of each question goes when it settles', async () => {
    const { actor, saves } = await loaded(setUp());
    choose(actor, 'q1', 'b');
    expect(saves).toHaveLength(1);
    // Meanwhile: q1 changed twice more, q3 once. Nothing more leaves until the request settles.
    choose(actor, 'q1', 'a');
    choose(actor, 'q3', 'e');
    choose(actor, 'q1', 'b');
    expect(saves).toHaveLength(1);
    expect(readStoredQueue(SESSION_ID)).toEqual([
      { questionId: 'q3', choiceIds: ['e'], revision: 3 },
      { questionId: 'q1', choiceIds: ['b'], revision: 4 },
    ]);

    saves[0]!.answer.resolve(saved());
    await settle();
    // The acknowledgement was for revision 1: the newer q1 stays queued and follows q3.
    expect(saves.map((save) => [save.input.questionId, save.input.choiceIds])).toEqual([
      ['q1', ['b']],
      ['q3', ['e']],
    ]);
    saves[1]!.answer.resolve(saved());
    await settle();
    expect(saves.map((save) => save.input.questionId)).toEqual(['q1', 'q3', 'q1']);
    saves[2]!.answer.resolve(saved());
    await settle();
    expect(saves).toHaveLength(3);
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
  });

  it('sends what is queued with keepalive when the page is hidden or left, and keeps it until the 2xx', async () => {
    const { actor, saves, browser } = await loaded(setUp());
    browser({ type: 'LEAVE' });
    // Nothing pending, nothing sent.
    expect(sentOnLeave).not.toHaveBeenCalled();

    choose(actor, 'q1', 'a');
    choose(actor, 'q3', 'e');
    browser({ type: 'LEAVE' });
    // The one in flight goes again too: leaving may cancel an ordinary request.
    expect(sentOnLeave).toHaveBeenCalledTimes(1);
    expect(sentOnLeave).toHaveBeenCalledWith(SESSION_ID, [
      { questionId: 'q1', choiceIds: ['a'], revision: 1 },
      { questionId: 'q3', choiceIds: ['e'], revision: 2 },
    ]);
    // A page that comes back still owes them: the queue and its stored copy stay.
    expect(readStoredQueue(SESSION_ID)).toHaveLength(2);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saving');
    saves[0]!.answer.resolve(saved());
    await settle();
    saves[1]!.answer.resolve(saved());
    await settle();
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
  });

  it('sends the queue with keepalive when the page is left after time-up, while the last submit may still count', async () => {
    const { actor, browser, advance } = await loaded(setUp());
    choose(actor, 'q2', 'd');
    advance(10 * 60_000);
    expect(actor.getSnapshot().matches('timeUp')).toBe(true);
    browser({ type: 'LEAVE' });
    expect(sentOnLeave).toHaveBeenCalledWith(SESSION_ID, [{ questionId: 'q2', choiceIds: ['d'], revision: 1 }]);
  });

  it('resumes at the first unanswered question, counting the answers this browser has not sent yet', async () => {
    writeStoredQueue(SESSION_ID, [{ questionId: 'q2', choiceIds: ['c'], revision: 1 }]);
    const resumed = await loaded(setUp({ session: aSession({ answers: { q1: ['a'] } }) }));
    expect(selectCurrentIndex(resumed.actor.getSnapshot())).toBe(2);

    const fresh = await loaded(setUp());
    expect(selectCurrentIndex(fresh.actor.getSnapshot())).toBe(0);
  });

  it('finds the first unanswered question; every question answered opens the first', () => {
    const { questions } = aSession();
    expect(firstUnansweredIndex(questions, {})).toBe(0);
    expect(firstUnansweredIndex(questions, { q1: ['a'], q3: ['e'] })).toBe(1);
    // An emptied multiple-choice answer is no answer.
    expect(firstUnansweredIndex(questions, { q1: ['a'], q2: [] })).toBe(1);
    expect(firstUnansweredIndex(questions, { q1: ['a'], q2: ['c'], q3: ['f'] })).toBe(0);
    expect(firstUnansweredIndex([], {})).toBe(0);
  });

  it('toggles the choices of a multiple-answer question', async () => {
    const { actor } = await loaded(setUp());
    choose(actor, 'q2', 'c');
    choose(actor, 'q2', 'd');
    choose(actor, 'q2', 'c', false);
    expect(selectAnswers(actor.getSnapshot()).q2).toEqual(['d']);
  });

  it('on time-up while saving: submits every answer, shows the time-up popup, then goes to the result', async () => {
    const { actor, saves, submits, popups, popupKinds, finished, advance } = await loaded(setUp());
    choose(actor, 'q1', 'a');
    expect(saves).toHaveLength(1);
    choose(actor, 'q3', 'f');

    advance(10 * 60_000);
    expect(actor.getSnapshot().matches('timeUp')).toBe(true);
    expect(selectPhase(actor.getSnapshot())).toBe('finishing');
    expect(popupKinds).toEqual(['timeUp']);
    // Both the answer being saved and the one still waiting travel with the last submit.
    expect(submits.map((submit) => submit.input)).toEqual([{ examSessionId: SESSION_ID, answers: { q1: ['a'], q3: ['f'] } }]);

    submits[0]!.answer.resolve(submission());
    await settle();
    expect(finished).toEqual([]);
    popups[0]!.answer.resolve('ok');
    await settle();
    expect(finished).toEqual([{ type: 'finished', examSessionId: SESSION_ID, reason: 'timeUp' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
  });

  it('goes to the result after time-up even when the last submit never answers', async () => {
    const { actor, popups, finished, advance } = await loaded(setUp());
    advance(10 * 60_000);
    popups[0]!.answer.resolve('ok');
    await settle();
    expect(finished).toEqual([]);
    advance(5000);
    await settle();
    expect(finished.map((event) => event.reason)).toEqual(['timeUp']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('takes the socket exam.timeUp of this session as time-up, and ignores other sessions', async () => {
    const { actor, push, popupKinds } = await loaded(setUp());
    push({ type: 'SERVER_TIME_UP', examSessionId: 'another' });
    expect(selectPhase(actor.getSnapshot())).toBe('answering');
    push({ type: 'SERVER_TIME_UP', examSessionId: SESSION_ID });
    expect(actor.getSnapshot().matches('timeUp')).toBe(true);
    expect(popupKinds).toEqual(['timeUp']);
  });

  it('on a submit failure offers 再送信; a retry that succeeds finishes the exam', async () => {
    const { actor, saves, submits, popups, popupKinds, finished } = await loaded(setUp());
    choose(actor, 'q1', 'a');
    // Autosave sent it at once; the submit takes the queue over (the saver pauses).
    expect(saves).toHaveLength(1);
    actor.send({ type: 'REQUEST_SUBMIT' });
    expect(selectPhase(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'CONFIRM_SUBMIT' });
    expect(selectPhase(actor.getSnapshot())).toBe('submitting');

    // The queue is flushed first (one save), then the submit carries every answer.
    expect(saves).toHaveLength(2);
    saves[1]!.answer.reject(networkError());
    await settle();
    expect(submits.map((submit) => submit.input.answers)).toEqual([{ q1: ['a'] }]);
    submits[0]!.answer.reject(new ApiError({ message: 'サーバーエラー', status: 500, code: 'INTERNAL_ERROR' }));
    await settle();
    expect(actor.getSnapshot().matches({ live: { flow: 'submitFailed' } })).toBe(true);
    expect(popupKinds).toEqual(['submitFailure']);

    // Autosave goes on behind the popup; the retry stops it and flushes the queue itself.
    expect(saves).toHaveLength(3);
    popups[0]!.answer.resolve('retry');
    await settle();
    expect(selectPhase(actor.getSnapshot())).toBe('submitting');
    // The unsent answer is tried once more first; this time it is acknowledged.
    expect(saves).toHaveLength(4);
    saves[3]!.answer.resolve(saved());
    await settle();
    expect(submits).toHaveLength(2);
    const retry = submits[1]!;
    expect(retry.input.answers).toEqual({ q1: ['a'] });
    retry.answer.resolve(submission());
    await settle();
    expect(finished).toEqual([{ type: 'finished', examSessionId: SESSION_ID, reason: 'submitted' }]);
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
  });

  it('goes back to the questions when the learner cancels the submit-failure popup', async () => {
    const { actor, submits, popups } = await loaded(setUp());
    actor.send({ type: 'REQUEST_SUBMIT' });
    actor.send({ type: 'CONFIRM_SUBMIT' });
    await settle();
    submits[0]!.answer.reject(new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }));
    await settle();
    popups[0]!.answer.resolve('cancel');
    await settle();
    expect(selectPhase(actor.getSnapshot())).toBe('answering');
  });

  it('shows the 24-hour message when the server says the time is over, then the result', async () => {
    const message = '解答を送信できませんでした。24時間後に再度お試しください。';
    const { actor, submits, popups, popupKinds, finished } = await loaded(setUp());
    actor.send({ type: 'REQUEST_SUBMIT' });
    actor.send({ type: 'CONFIRM_SUBMIT' });
    await settle();
    submits[0]!.answer.reject(timeOver(message));
    await settle();
    expect(popupKinds).toEqual(['submitFailureTimedOut']);
    expect(popups[0]!.input).toEqual({ message });
    popups[0]!.answer.resolve('ok');
    await settle();
    expect(finished.map((event) => event.reason)).toEqual(['timedOut']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('resumes after a reload: the stored queue wins over the server answers and is sent', async () => {
    const first = await loaded(setUp());
    choose(first.actor, 'q1', 'b');
    choose(first.actor, 'q2', 'c');
    first.actor.stop();

    const server = aSession({ answers: { q1: ['a'], q3: ['e'] } });
    const second = await loaded(setUp({ session: server }));
    expect(selectAnswers(second.actor.getSnapshot())).toEqual({ q1: ['b'], q2: ['c'], q3: ['e'] });
    expect(selectSaveStatus(second.actor.getSnapshot())).toBe('saving');

    // Sent at once, one request at a time.
    expect(second.saves.map((save) => save.input.questionId)).toEqual(['q1']);
    second.saves[0]!.answer.resolve(saved());
    await settle();
    // The rest of the queue follows as soon as the request settles.
    expect(second.saves.map((save) => save.input.questionId)).toEqual(['q1', 'q2']);
    second.saves[1]!.answer.resolve(saved());
    await settle();
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
    expect(selectSaveStatus(second.actor.getSnapshot())).toBe('saved');
  });

  it('goes straight to time-up when the page reloads after the deadline', async () => {
    writeStoredQueue(SESSION_ID, [{ questionId: 'q1', choiceIds: ['a'], revision: 3 }]);
    const session = aSession();
    const { actor, submits, popupKinds } = setUp({
      session,
      load: () => Promise.resolve({ session, clock: { offsetMs: OFFSET, clientNow: DEADLINE - OFFSET + 1000 }, stored: readStoredQueue(SESSION_ID) }),
    });
    await settle();
    expect(actor.getSnapshot().matches('timeUp')).toBe(true);
    expect(popupKinds).toEqual(['timeUp']);
    expect(submits[0]!.input.answers).toEqual({ q1: ['a'] });
  });

  it('reaches time-up at once when a tab that slept past the deadline becomes visible', async () => {
    const harness = await loaded(setUp());
    harness.sleep(11 * 60_000);
    expect(selectPhase(harness.actor.getSnapshot())).toBe('answering');
    harness.browser({ type: 'VISIBLE', now: harness.now });
    expect(harness.actor.getSnapshot().matches('timeUp')).toBe(true);
    expect(harness.popupKinds).toEqual(['timeUp']);
  });

  it('checks the server clock again when the tab becomes visible, and times out if the offset says so', async () => {
    const harness = await loaded(setUp());
    harness.sleep(60_000);
    harness.browser({ type: 'VISIBLE', now: harness.now });
    expect(harness.clockReadings).toHaveLength(1);
    expect(selectPhase(harness.actor.getSnapshot())).toBe('answering');
    // The client clock was set back by the learner: the server says the deadline has passed.
    harness.clockReadings[0]!.resolve({ offsetMs: OFFSET + 10 * 60_000, clientNow: harness.now });
    await settle();
    expect(harness.actor.getSnapshot().matches('timeUp')).toBe(true);
  });

  it('shows 未保存（オフライン） while offline, retries with backoff, and flushes the queue when back online', async () => {
    const { actor, saves, advance, browser } = await loaded(setUp());
    browser({ type: 'OFFLINE' });
    choose(actor, 'q1', 'a');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('offline');

    saves[0]!.answer.reject(networkError());
    await settle();
    expect(selectSaveStatus(actor.getSnapshot())).toBe('offline');
    advance(1000);
    expect(saves).toHaveLength(2);
    saves[1]!.answer.reject(networkError());
    await settle();
    // Second failure: the next try waits 2 s…
    advance(1000);
    expect(saves).toHaveLength(2);
    choose(actor, 'q3', 'e');

    // …unless the connection comes back first.
    browser({ type: 'ONLINE' });
    expect(saves).toHaveLength(3);
    saves[2]!.answer.resolve(saved());
    await settle();
    expect(saves.map((save) => save.input.questionId)).toEqual(['q1', 'q1', 'q1', 'q3']);
    saves[3]!.answer.resolve(saved());
    await settle();
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
    expect(readStoredQueue(SESSION_ID)).toEqual([]);
  });

  it('drops an answer the server can never take, and treats EXAM_TIME_OVER on a save as time-up', async () => {
    const { actor, saves, popupKinds } = await loaded(setUp());
    choose(actor, 'q1', 'a');
    choose(actor, 'q3', 'e');
    saves[0]!.answer.reject(new ApiError({ message: '選択肢が正しくありません', status: 400, code: 'VALIDATION_FAILED' }));
    await settle();
    expect(saves[1]!.input.questionId).toBe('q3');
    saves[1]!.answer.reject(timeOver('試験の終了時刻を過ぎたため、解答を保存できませんでした。'));
    await settle();
    expect(actor.getSnapshot().matches('timeUp')).toBe(true);
    expect(popupKinds).toEqual(['timeUp']);
  });

  it('takes a learner back after the deadline to the result the server is grading (the read closed the session)', async () => {
    const back = setUp({ load: () => Promise.reject(new ApiError({ message: 'なし', status: 404, code: 'NOT_FOUND' })), resultPending: true });
    const finished: { examSessionId: string; reason: string }[] = [];
    back.actor.on('finished', ({ examSessionId, reason }) => finished.push({ examSessionId, reason }));
    await settle();
    expect(finished).toEqual([{ examSessionId: '', reason: 'closedWhileAway' }]);
  });

  it('says so when no exam is running (404), and offers a retry after other load failures', async () => {
    const none = setUp({ load: () => Promise.reject(new ApiError({ message: 'なし', status: 404, code: 'NOT_FOUND' })) });
    await settle();
    expect(selectPhase(none.actor.getSnapshot())).toBe('noSession');

    // Nothing was closed meanwhile: the page stays, nothing is announced as finished.
    const finished: string[] = [];
    none.actor.on('finished', ({ reason }) => finished.push(reason));
    await settle();
    expect(finished).toEqual([]);

    let attempts = 0;
    const flaky = setUp({
      load: () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(networkError())
          : Promise.resolve({ session: aSession(), clock: { offsetMs: OFFSET, clientNow: T0 }, stored: [] });
      },
    });
    await settle();
    expect(selectPhase(flaky.actor.getSnapshot())).toBe('loadFailed');
    flaky.actor.send({ type: 'RETRY' });
    await settle();
    expect(selectPhase(flaky.actor.getSnapshot())).toBe('answering');
  });
});
