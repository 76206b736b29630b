import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExamResult, ExamSession } from '@campus/contracts/exams';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { apiErrorResponse, fakeCatalogueApi, requestsOf, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { aCertificationCourse } from '../../test/catalogue-fixtures';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

const BADGE = '/lineyahoo-marketing-skill-badge';
const SESSION_ID = '0196a3c4-0000-7000-8000-000000000001';
const START = 'POST /api/v1/certification-courses/*/exam/start';
const CURRENT = 'GET /api/v1/certification-courses/*/current-exam-session';
const EXAM = 'GET /api/v1/certification-courses/*/exam';
const LAST_RESULT = 'GET /api/v1/certification-courses/*/last-result';

const none: FakeRoute = () => apiErrorResponse(404, 'NOT_FOUND', '見つかりません');

const aSession = (): ExamSession => ({
  examSessionId: SESSION_ID,
  courseSlug: 'line-ads-basic',
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  deadline: new Date(Date.now() + 29 * 60_000).toISOString(),
  questions: [
    { questionId: 'q1', type: 'single', prompt: '友だち追加の経路として正しいものはどれですか。', choices: [{ choiceId: 'a', text: 'QRコード' }, { choiceId: 'b', text: '電話番号のみ' }] },
    { questionId: 'q2', type: 'multiple', prompt: '配信の効果を測る指標をすべて選んでください。', choices: [{ choiceId: 'c', text: '開封率' }, { choiceId: 'd', text: 'クリック率' }] },
  ],
  answers: { q2: ['d'] },
});

const aResult = (overrides: Partial<ExamResult> = {}): ExamResult => ({
  examSessionId: SESSION_ID,
  courseSlug: 'line-ads-basic',
  finishedAt: '2026-11-22T01:20:00.000Z',
  passed: true,
  percent: 85,
  correct: 17,
  total: 20,
  topics: [
    { topic: 'ads-basics', name: 'LINE広告の基本', correct: 9, total: 10 },
    { topic: 'measurement', name: '効果測定', correct: 8, total: 10 },
  ],
  nextAttemptAt: null,
  ...overrides,
});

function open(path: string, apiRoutes: Record<string, FakeRoute> = {}, user = aUser()) {
  const fetchMock = fakeCatalogueApi({ [CURRENT]: () => null, [LAST_RESULT]: none, 'GET /api/v1/now': () => ({ value: Date.now() }), ...apiRoutes });
  const view = renderWithRouter(routes, { at: path, session: fakeSession({ me: user }) });
  return { ...view, fetchMock };
}

async function agreeAndStart() {
  fireEvent.click(await screen.findByRole('checkbox', { name: '受験規約に同意する' }));
  const start = screen.getByRole('button', { name: '受験を開始する' });
  await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(start);
}

// The popup actor lives for the whole page (module level): let each test's popup fade out.
afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('the exam policy page', () => {
  it('shows the exam settings and the rules, and starts only after agreeing', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-policy`);
    expect(await screen.findByRole('heading', { level: 1, name: 'LINE広告 Basic 受験規約' })).toBeInTheDocument();
    expect(screen.getByText('20問')).toBeInTheDocument();
    expect(screen.getByText('30分')).toBeInTheDocument();
    expect(screen.getByText('正答率70%以上')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '受験規約' })).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect((screen.getByRole('button', { name: '受験を開始する' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.title).toBe('LINE広告 Basic 受験規約 - マーケティング学習キャンパス'));
  });

  it('offers no start, as the course page, while the last attempt is being graded or its retake wait runs', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', { examGrading: true }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('いま採点しています。');
    expect(screen.queryByRole('button', { name: '受験を開始する' })).toBeNull();
  });

  it('says when the next attempt opens instead of offering a start the server would refuse', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', { retakeOpensAt: '2026-11-29T03:46:00.000Z' }),
    });
    expect(await screen.findByText('前回の試験は不合格でした。次回の受験は 2026年11月29日 12:46 から可能です。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '受験を開始する' })).toBeNull();
  });

  it('shows the learner their own time limit when they are granted extra time', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', { examExtraMinutes: 15 }),
    });
    const settings = await screen.findByRole('region', { name: '試験の概要' });
    expect(within(settings).getByText('制限時間').nextElementSibling).toHaveTextContent('45分（通常30分＋配慮15分）');
    expect(within(settings).queryByText('30分')).not.toBeInTheDocument();
  });

  it('blocks Advanced without Basic: 受験できません, and 「Basicへ」 leads to the Basic course', async () => {
    const { router } = open(`${BADGE}/courses/line-ads-advanced/exam-policy`, {
      [START]: () => apiErrorResponse(400, 'BASIC_REQUIRED', 'Advanced の認定試験を受験するには、Basic の取得が必要です。'),
    });
    await agreeAndStart();

    const popup = await screen.findByRole('alertdialog', { name: '受験できません' });
    expect(within(popup).getByText(/Advanced の認定試験を受験するには、先に Basic を取得する必要があります。/)).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
    fireEvent.click(within(popup).getByRole('button', { name: 'Basicへ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BADGE}/courses/line-ads-basic/`));
  });

  it('stays on the page when the learner cancels the Basic popup', async () => {
    const { router } = open(`${BADGE}/courses/line-ads-advanced/exam-policy`, {
      [START]: () => apiErrorResponse(400, 'BASIC_REQUIRED', 'Basic が必要です。'),
    });
    await agreeAndStart();
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: '受験できません' })).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
    expect(router.state.location.pathname).toBe(`${BADGE}/courses/line-ads-advanced/exam-policy`);
  });

  it('asks a learner without a profile to register it, without calling the server', async () => {
    const { router, fetchMock } = open(`${BADGE}/courses/line-ads-basic/exam-policy`, {}, aUser({ hasProfile: false }));
    await agreeAndStart();
    const popup = await screen.findByRole('alertdialog', { name: 'プロフィールを登録してください' });
    expect(within(popup).getByText('認定試験を受験するには、プロフィールの登録が必要です。')).toBeInTheDocument();
    fireEvent.click(within(popup).getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/profile/edit'));
    // Back to this page once the profile is saved.
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent(`${BADGE}/courses/line-ads-basic/exam-policy`)}`);
    expect(requestsOf(fetchMock).filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('shows the profile popup when the server answers PROFILE_REQUIRED', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      [START]: () => apiErrorResponse(400, 'PROFILE_REQUIRED', 'プロフィールの登録が必要です。'),
    });
    await agreeAndStart();
    expect(await screen.findByRole('alertdialog', { name: 'プロフィールを登録してください' })).toBeInTheDocument();
  });

  it.each([
    ['EXAM_IN_PROGRESS', '受験中の認定試験があります。', '現在ほかの認定試験を受験中のため、この試験は開始できません。受験中の試験を終えてから、あらためてお試しください。'],
    ['EXAM_COOLDOWN', '次の受験は 2026年11月23日 10:20 から可能です。', '次の受験は 2026年11月23日 10:20 から可能です。'],
  ])('shows the cannot-take popup for %s', async (code, message, shown) => {
    const { router } = open(`${BADGE}/courses/line-ads-basic/exam-policy`, { [START]: () => apiErrorResponse(400, code, message) });
    await agreeAndStart();
    const popup = await screen.findByRole('alertdialog', { name: '受験できません' });
    expect(within(popup).getByText(shown)).toBeInTheDocument();
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
    expect(router.state.location.pathname).toBe(`${BADGE}/courses/line-ads-basic/exam-policy`);
  });

  it('starts the exam and shows its first question, the countdown and the save state', async () => {
    const { router } = open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      [START]: () => ({ examSessionId: SESSION_ID, deadline: aSession().deadline, resumed: false }),
      [EXAM]: () => aSession(),
    });
    await agreeAndStart();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BADGE}/courses/line-ads-basic/exam`));

    expect(await screen.findByRole('radio', { name: 'QRコード' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'LINE広告 Basic 認定試験' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '友だち追加の経路として正しいものはどれですか。' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '残り時間' }).textContent).toMatch(/^2[89]:\d\d$/);
    expect(screen.getByRole('status', { name: '保存状態' }).textContent).toBe('保存済み');
    expect(screen.getByRole('progressbar', { name: '回答状況' }).getAttribute('value')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '問2（回答済み）' }));
    expect((screen.getByRole('checkbox', { name: 'クリック率' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '前の問題' }));
    fireEvent.click(screen.getByRole('radio', { name: 'QRコード' }));
    expect(screen.getByRole('status', { name: '保存状態' }).textContent).toBe('保存中…');
    expect(screen.getByRole('button', { name: '問1（回答済み）' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '解答を送信する' }));
    const confirm = screen.getByRole('region', { name: '解答を送信しますか？' });
    expect(within(confirm).getByRole('button', { name: '送信する' })).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: '解答に戻る' }));
    expect(screen.queryByRole('region', { name: '解答を送信しますか？' })).toBeNull();
  });

  it('offers 続きから受験する for a running session of the course', async () => {
    const { router } = open(`${BADGE}/courses/line-ads-basic/exam-policy`, {
      [CURRENT]: () => ({ examSessionId: SESSION_ID, courseSlug: 'line-ads-basic', deadline: aSession().deadline }),
      [EXAM]: () => aSession(),
    });
    fireEvent.click(await screen.findByRole('button', { name: '続きから受験する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BADGE}/courses/line-ads-basic/exam`));
  });
});

describe('the exam result page', () => {
  it('shows a pass with the score, the topics and the way to the certificates', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-result?session=${SESSION_ID}`, { [LAST_RESULT]: () => aResult() });
    expect(await screen.findByRole('heading', { name: '合格' })).toBeInTheDocument();
    expect(screen.getByText('85%')).toBeInTheDocument();
    expect(screen.getByText('17 / 20問')).toBeInTheDocument();
    const topics = within(screen.getByRole('table', { name: '分野別の結果' }));
    expect(topics.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['LINE広告の基本', '効果測定']);
    expect(topics.getByRole('row', { name: /効果測定/ }).textContent).toContain('8 / 10問');
    expect(topics.queryByText('measurement')).toBeNull();
    expect(screen.getByRole('link', { name: '認定証を見る' }).getAttribute('href')).toBe('/mypage/certificates');
  });

  it('shows a fail with the time the next attempt opens (Japan time)', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-result`, {
      [LAST_RESULT]: () => aResult({ passed: false, percent: 40, correct: 8, nextAttemptAt: '2026-11-23T01:20:00.000Z' }),
    });
    expect(await screen.findByRole('heading', { name: '不合格' })).toBeInTheDocument();
    expect(screen.getByText('次回の受験は 2026年11月23日 10:20 から可能です。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '認定証を見る' })).toBeNull();
  });

  it('waits for the grading of the session just finished', async () => {
    let graded = false;
    open(`${BADGE}/courses/line-ads-basic/exam-result?session=${SESSION_ID}`, {
      [LAST_RESULT]: () => (graded ? aResult() : aResult({ examSessionId: 'an-older-session', passed: false })),
    });
    expect(await screen.findByText('採点中です…')).toBeInTheDocument();
    graded = true;
    expect(await screen.findByRole('heading', { name: '合格' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('has an empty state with the way back to the course when there is no result', async () => {
    open(`${BADGE}/courses/line-ads-basic/exam-result`);
    expect(await screen.findByText('表示できる試験結果はまだありません。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'コースページへ戻る' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-basic/`);
  });
});
