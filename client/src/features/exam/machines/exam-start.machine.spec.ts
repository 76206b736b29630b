import type { CurrentExamSession, ExamStart } from '@campus/contracts/exams';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CANNOT_TAKE_TEXTS } from '../../../components/ui/popup/popup-catalogue';
import { setAnalyticsAdapter } from '../../../lib/analytics';
import { ApiError, type ApiErrorCode } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import {
  examStartMachine,
  selectAgreed,
  selectBusy,
  selectChecking,
  selectRunning,
  selectStarting,
  type ExamStartEmitted,
  type PopupRequestInput,
} from './exam-start.machine';

const EXAM = '/lineyahoo-marketing-skill-badge/courses/line-ads-advanced/exam';
const POLICY = '/lineyahoo-marketing-skill-badge/courses/line-ads-advanced/exam-policy';
const RUNNING: CurrentExamSession = { examSessionId: 's-1', courseSlug: 'line-ads-advanced', deadline: '2026-11-22T01:30:00.000Z' };
const refusedWith = (code: ApiErrorCode, message: string, status = 400) => new ApiError({ message, status, code });

type Pending<I, O> = { input: I; answer: ReturnType<typeof deferred<O>> };

/** The machine with fake API calls and fake popups, each held open until the test settles it. */
function setUp() {
  const lookups: ReturnType<typeof deferred<CurrentExamSession | null>>[] = [];
  const starts: ReturnType<typeof deferred<ExamStart>>[] = [];
  const popups: Pending<PopupRequestInput, string>[] = [];
  const goToLogin = jest.fn();
  const tracked: [string, Record<string, unknown>][] = [];
  const restoreAnalytics = setAnalyticsAdapter({ event: (name, params) => tracked.push([name, params]), goal: () => {}, pageView: () => {} });

  const logic = examStartMachine.provide({
    actors: {
      findRunning: fromPromise<CurrentExamSession | null, { courseSlug: string }>(() => {
        const answer = deferred<CurrentExamSession | null>();
        lookups.push(answer);
        return answer.promise;
      }),
      startExam: fromPromise<ExamStart, { courseSlug: string }>(() => {
        const answer = deferred<ExamStart>();
        starts.push(answer);
        return answer.promise;
      }),
      askPopup: fromPromise<string, PopupRequestInput>(({ input }) => {
        const answer = deferred<string>();
        popups.push({ input, answer });
        return answer.promise;
      }),
    },
    // jsdom cannot leave the page: the provider's address is watched instead.
    actions: { goToLogin },
  });
  const actor = createActor(logic, { input: { courseSlug: 'line-ads-advanced' } });
  const navigated: string[] = [];
  actor.on('navigate', (event: ExamStartEmitted) => navigated.push(event.to));
  actor.start();

  const state = () => actor.getSnapshot();
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches('idle'));
  return { actor, lookups, starts, popups, goToLogin, tracked, navigated, state, settled, restoreAnalytics };
}

type Harness = ReturnType<typeof setUp>;
let harness: Harness;
afterEach(() => {
  harness?.actor.stop();
  harness?.restoreAnalytics();
});

/** Past the running-session check (none found), agreed, START sent as a learner with a profile. */
async function startAsReadyLearner() {
  harness = setUp();
  harness.lookups[0]!.resolve(null);
  await harness.settled();
  harness.actor.send({ type: 'TOGGLE_AGREE', agreed: true });
  harness.actor.send({ type: 'START', loggedIn: true, hasProfile: true });
  expect(selectStarting(harness.state())).toBe(true);
  return harness;
}

describe('examStartMachine', () => {
  it('checks for a running session first, and keeps it for 続きから受験する', async () => {
    harness = setUp();
    expect(selectChecking(harness.state())).toBe(true);
    expect(selectBusy(harness.state())).toBe(false);
    harness.lookups[0]!.resolve(RUNNING);
    await harness.settled();
    expect(selectRunning(harness.state())).toEqual(RUNNING);

    harness.actor.send({ type: 'RESUME' });
    expect(harness.navigated).toEqual([EXAM]);
    expect(harness.tracked).toEqual([['exam_start', { courseSlug: 'line-ads-advanced', resumed: true }]]);
  });

  it('offers the start button when the check fails, and ignores RESUME without a running session', async () => {
    harness = setUp();
    harness.lookups[0]!.reject(new Error('offline'));
    await harness.settled();
    expect(selectRunning(harness.state())).toBeNull();
    harness.actor.send({ type: 'RESUME' });
    expect(harness.navigated).toEqual([]);
  });

  it('does not start until the policy is agreed; TOGGLE_AGREE works in any state', async () => {
    harness = setUp();
    harness.actor.send({ type: 'TOGGLE_AGREE', agreed: true });
    expect(selectAgreed(harness.state())).toBe(true);
    harness.lookups[0]!.resolve(null);
    await harness.settled();
    harness.actor.send({ type: 'TOGGLE_AGREE', agreed: false });
    harness.actor.send({ type: 'START', loggedIn: true, hasProfile: true });
    expect(harness.state().value).toBe('idle');
    expect(harness.starts).toHaveLength(0);
  });

  it.each([false, true])('asks a visitor to log in before anything else (hasProfile: %s), and sends them to the provider on ログイン', async (hasProfile) => {
    harness = setUp();
    harness.lookups[0]!.resolve(null);
    await harness.settled();
    harness.actor.send({ type: 'START', loggedIn: false, hasProfile });
    expect(harness.popups.map((popup) => popup.input)).toEqual([{ kind: 'badgeLogin' }]);
    expect(selectBusy(harness.state())).toBe(true);
    harness.popups[0]!.answer.resolve('login');
    await harness.settled();
    expect(harness.goToLogin).toHaveBeenCalledTimes(1);
    expect(harness.starts).toHaveLength(0);
  });

  it('asks a learner without a profile to register, returning to the policy page once saved', async () => {
    harness = setUp();
    harness.lookups[0]!.resolve(null);
    await harness.settled();
    harness.actor.send({ type: 'START', loggedIn: true, hasProfile: false });
    expect(harness.popups[0]!.input).toEqual({ kind: 'badgeProfile' });
    harness.popups[0]!.answer.resolve('register');
    await harness.settled();
    expect(harness.navigated).toEqual([`/mypage/profile/edit?returnTo=${encodeURIComponent(POLICY)}`]);
  });

  it.each([true, false])('goes to the exam page when the start succeeds (resumed: %s) and reports exam_start', async (resumed) => {
    const { starts, settled, navigated, tracked } = await startAsReadyLearner();
    expect(selectBusy(harness.state())).toBe(true);
    starts[0]!.resolve({ examSessionId: 's-2', deadline: RUNNING.deadline, resumed });
    await settled();
    expect(navigated).toEqual([EXAM]);
    expect(tracked).toEqual([['exam_start', { courseSlug: 'line-ads-advanced', resumed }]]);
  });

  it('asks for Basic on BASIC_REQUIRED and leads to the Basic course on Basicへ; closing leaves the learner here', async () => {
    const { starts, popups, settled, navigated } = await startAsReadyLearner();
    starts[0]!.reject(refusedWith('BASIC_REQUIRED', 'Advanced の認定試験を受験するには、Basic の取得が必要です。'));
    await waitFor(harness.actor, (snapshot) => snapshot.matches('askingBasic'));
    expect(popups[0]!.input).toEqual({ kind: 'advancedRequiresBasic' });
    popups[0]!.answer.resolve('basic');
    await settled();
    expect(navigated).toEqual(['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/']);

    harness.actor.send({ type: 'START', loggedIn: true, hasProfile: true });
    starts[1]!.reject(refusedWith('BASIC_REQUIRED', 'Basic が必要です。'));
    await waitFor(harness.actor, (snapshot) => snapshot.matches('askingBasic'));
    popups[1]!.answer.resolve('cancel');
    await settled();
    expect(navigated).toHaveLength(1);
  });

  it.each([
    ['EXAM_IN_PROGRESS', '受験中の認定試験があるため、新しい試験を開始できません。', CANNOT_TAKE_TEXTS.anotherExamInProgress],
    ['EXAM_COOLDOWN', '次の受験は 2026年11月23日 10:20 から可能です。', '次の受験は 2026年11月23日 10:20 から可能です。'],
    [
      'BADGE_HELD',
      'このスキルバッジは取得済みです（有効期限：2027年11月23日）。更新受験は 2027年10月24日 10:20 から可能です。',
      'このスキルバッジは取得済みです（有効期限：2027年11月23日）。更新受験は 2027年10月24日 10:20 から可能です。',
    ],
  ] as const)('shows the cannot-take popup on %s with the right body, then waits for another try', async (code, message, body) => {
    const { starts, popups, settled, navigated } = await startAsReadyLearner();
    starts[0]!.reject(refusedWith(code, message));
    await waitFor(harness.actor, (snapshot) => snapshot.matches('refused'));
    expect(popups[0]!.input).toEqual({ kind: 'cannotTake', body });
    popups[0]!.answer.resolve('ok');
    await settled();
    expect(navigated).toEqual([]);
    expect(harness.state().context.refusal).toBe(body);
  });

  it.each([
    ['401', refusedWith('LOGIN_REQUIRED', 'ログインしてください', 401), 'badgeLogin'],
    ['PROFILE_REQUIRED', refusedWith('PROFILE_REQUIRED', '認定試験を受験するには、プロフィールの登録が必要です。'), 'badgeProfile'],
  ])('turns a %s from the server into the same popup the page would have asked first', async (_, error, kind) => {
    const { starts, popups } = await startAsReadyLearner();
    starts[0]!.reject(error);
    await waitFor(harness.actor, () => popups.length === 1);
    expect(popups[0]!.input).toEqual({ kind });
  });

  it('goes back to idle without a popup of its own on any other failure (the API client told the learner)', async () => {
    const { starts, popups, settled, navigated, tracked } = await startAsReadyLearner();
    starts[0]!.reject(refusedWith('INTERNAL_ERROR', 'Internal', 500));
    await settled();
    expect(popups).toEqual([]);
    expect(navigated).toEqual([]);
    expect(tracked).toEqual([]);
    expect(selectBusy(harness.state())).toBe(false);
  });
});
