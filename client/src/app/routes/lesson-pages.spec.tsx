import type { LessonDetail, LessonQuestionnaireRequest } from '@campus/contracts/lessons';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { closeAllPopups, popupActor, toastActor } from '../../components/ui/popup/popups';
import { setAnalyticsAdapter, type AnalyticsGoal } from '../../lib/analytics';
import { apiErrorResponse, fakeCatalogueApi, requestsOf, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession, type FakeSessionOptions } from '../../test/fake-session';
import { aCourseCard } from '../../test/catalogue-fixtures';
import { aUser } from '../../test/fixtures';
import { aLessonCompletion, aLessonDetail } from '../../test/lesson-fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

// Helper D's viewer needs pdf.js and a canvas: only what the page hands it matters here.
jest.mock('../../components/pdf-viewer/pdf-viewer', () => ({
  PdfViewer: ({ url, title, onLastSlide }: { url: string; title: string; onLastSlide?: () => void }) => (
    <div data-testid="pdf-viewer" data-url={url} data-title={title}>
      <button type="button" onClick={onLastSlide}>最後のスライドへ</button>
    </div>
  ),
}));

const LESSON_PATH = '/line-official-account/courses/oa-getting-started/lessons/first-message';
const LESSON_API = '/api/v1/learning-courses/oa-getting-started/lessons/first-message';

const render = (at: string, me: FakeSessionOptions['me'] = null) => renderWithRouter(routes, { at, session: fakeSession({ me }) });

/** The fake API with this lesson at every learning-course lesson address. */
const serve = (lesson: LessonDetail, routes: Record<string, FakeRoute> = {}) =>
  fakeCatalogueApi({ 'GET /api/v1/learning-courses/*/lessons/*': () => lesson, ...routes });

const bodyOf = (fetchMock: jest.Mock, request: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === request);
  return JSON.parse(String(call?.[1]?.body)) as unknown;
};

const heading = (name: string) => screen.findByRole('heading', { level: 1, name: name });
const completion = () => screen.getByRole('region', { name: '受講の記録' });

let goals: AnalyticsGoal[];
let restoreAnalytics: () => void;
beforeEach(() => {
  goals = [];
  restoreAnalytics = setAnalyticsAdapter({ event: () => {}, goal: (goal) => goals.push(goal), pageView: () => {} });
});
afterEach(async () => {
  restoreAnalytics();
  act(() => {
    closeAllPopups();
    toastActor.send({ type: 'HIDE' });
  });
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('a text lesson', () => {
  it('shows where it sits, its position, the text the server rendered and the way to the neighbours', async () => {
    serve(
      aLessonDetail({
        bodyHtml:
          '<h2>メッセージの基本</h2>\n<p>&lt;b&gt;太字にならない&lt;/b&gt; <a href="https://example.com/" target="_blank" rel="noopener noreferrer">外部</a></p>\n',
      }),
    );
    render(LESSON_PATH);

    expect(await heading('最初のメッセージを送る')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('最初のメッセージを送る - マーケティング学習キャンパス'));
    const breadcrumb = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(breadcrumb).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['トップ', '/'],
      ['LINE公式アカウント', '/line-official-account'],
      ['LINE公式アカウントをはじめよう', '/line-official-account/courses/oa-getting-started'],
    ]);
    expect(within(breadcrumb).getByText('最初のメッセージを送る').getAttribute('aria-current')).toBe('page');
    // The breadcrumb's and the one above the title.
    expect(screen.getAllByRole('link', { name: 'LINE公式アカウントをはじめよう' }).map((link) => link.getAttribute('href'))).toEqual([
      '/line-official-account/courses/oa-getting-started',
      '/line-official-account/courses/oa-getting-started',
    ]);
    expect(screen.getByText('レッスン 2 / 3')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'メッセージの基本' })).toBeInTheDocument();
    expect(screen.getByText(/<b>太字にならない<\/b>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '外部' }).getAttribute('target')).toBe('_blank');

    const nav = screen.getByRole('navigation', { name: 'レッスンの移動' });
    const [previous, next] = within(nav).getAllByRole('link');
    expect(previous?.textContent).toContain('前のレッスン');
    expect(previous?.getAttribute('href')).toBe('/line-official-account/courses/oa-getting-started/lessons/open-account');
    expect(next?.textContent).toContain('次のレッスン');
    expect(next?.getAttribute('href')).toBe('/line-official-account/courses/oa-getting-started/lessons/rich-menu');
  });

  it('asks a visitor to log in to keep a record, without a completion button', async () => {
    serve(aLessonDetail());
    render(LESSON_PATH);
    await heading('最初のメッセージを送る');

    await waitFor(() => expect(within(completion()).getByText('ログインすると受講の記録が残ります。')).toBeInTheDocument());
    const login = within(completion()).getByRole('link', { name: 'ログイン' });
    expect(login.getAttribute('href')).toBe(`/api/v1/login?currentUrl=${encodeURIComponent(`http://localhost${LESSON_PATH}`)}`);
    expect(screen.queryByRole('button', { name: 'このレッスンを完了する' })).toBeNull();
  });

  it('lets the learner try an answer check until it is right', async () => {
    serve(
      aLessonDetail({
        checks: [{ question: 'あいさつメッセージが届くのはいつ？', choices: ['配信した日', '友だち追加のとき'], answer: 1, explanation: '友だち追加の直後に届きます。' }],
      }),
    );
    render(LESSON_PATH);
    const card = within(await screen.findByRole('region', { name: '確認問題' }));
    const submit = card.getByRole('button', { name: '回答する' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.click(card.getByRole('radio', { name: '配信した日' }));
    fireEvent.click(submit);
    expect(card.getByText('不正解です。')).toBeInTheDocument();
    expect(card.getByText('友だち追加の直後に届きます。')).toBeInTheDocument();

    fireEvent.click(card.getByRole('button', { name: 'もう一度' }));
    expect((card.getByRole('radio', { name: '配信した日' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(card.getByRole('radio', { name: '友だち追加のとき' }));
    fireEvent.click(card.getByRole('button', { name: '回答する' }));
    expect(card.getByText('正解です！')).toBeInTheDocument();
  });

  it('lists the related links, external ones in a new tab', async () => {
    serve(
      aLessonDetail({
        relatedLinks: [
          { title: '公式ヘルプ', url: 'https://help.example.jp/oa' },
          { title: '次に読むコース', url: '/line-official-account/courses/oa-grow-friends' },
        ],
      }),
    );
    render(LESSON_PATH);
    const links = within(await screen.findByRole('region', { name: '関連リンク' }));
    const help = links.getByRole('link', { name: /公式ヘルプ/ });
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links.getByRole('link', { name: '次に読むコース' }).getAttribute('target')).toBeNull();
  });
});

describe('completing a lesson', () => {
  it('records the lesson and shows the course progress', async () => {
    const fetchMock = serve(aLessonDetail(), { [`PUT ${LESSON_API}/mark-as-completed`]: () => aLessonCompletion() });
    render(LESSON_PATH, aUser());

    fireEvent.click(await screen.findByRole('button', { name: 'このレッスンを完了する' }));

    expect(await within(completion()).findByText('完了済み')).toBeInTheDocument();
    expect(within(completion()).getByText('2 / 3 レッスン完了')).toBeInTheDocument();
    expect(requestsOf(fetchMock)).toContain(`PUT ${LESSON_API}/mark-as-completed`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'このレッスンを完了する' })).toBeNull();
  });

  it('shows a lesson completed before as such', async () => {
    serve(aLessonDetail({ isCompleted: true }));
    render(LESSON_PATH, aUser());
    expect(await within(await screen.findByRole('region', { name: '受講の記録' })).findByText('完了済み')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'このレッスンを完了する' })).toBeNull();
  });

  it('asks for a review when the course is completed, and sends it', async () => {
    const fetchMock = serve(aLessonDetail({ next: null, position: 3 }), {
      [`PUT ${LESSON_API}/mark-as-completed`]: () =>
        aLessonCompletion({ completedLessonCount: 3, courseCompleted: true, feedbackPopupType: 'COURSE_COMPLETED_GENERAL' }),
      'POST /api/v1/learning-courses/oa-getting-started/feedback': () => ({ receivedAt: '2026-11-22T01:00:00.000Z' }),
    });
    render(LESSON_PATH, aUser());

    // The last lesson leads back to the course page.
    expect((await screen.findByRole('link', { name: /コースページへ戻る/ })).getAttribute('href')).toBe(
      '/line-official-account/courses/oa-getting-started',
    );
    fireEvent.click(screen.getByRole('button', { name: 'このレッスンを完了する' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'コースの評価' }));
    expect(within(completion()).getByText('このコースのレッスンをすべて完了しました。おめでとうございます！')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('radio', { name: '4つ星' }));
    fireEvent.click(dialog.getByRole('button', { name: '送信する' }));

    await waitFor(() => expect(document.querySelector('.toast')?.textContent).toBe('ご評価ありがとうございました。'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodyOf(fetchMock, 'POST /api/v1/learning-courses/oa-getting-started/feedback')).toEqual({
      feedbackPopupType: 'COURSE_COMPLETED_GENERAL',
      score: 4,
    });
  });

  it('keeps the button when recording fails (the API client said why)', async () => {
    serve(aLessonDetail(), { [`PUT ${LESSON_API}/mark-as-completed`]: () => apiErrorResponse(500, 'INTERNAL_ERROR', '保存できませんでした') });
    render(LESSON_PATH, aUser());
    fireEvent.click(await screen.findByRole('button', { name: 'このレッスンを完了する' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'このレッスンを完了する' }) as HTMLButtonElement).disabled).toBe(false));
    expect(await screen.findByRole('alertdialog', { name: 'エラー' })).toBeInTheDocument();
  });
});

describe('the lesson questionnaire', () => {
  it('sends はい with a comment, thanks, and counts the useful goal', async () => {
    const fetchMock = serve(aLessonDetail(), { 'POST /api/v1/questionnaires/lesson/answers': () => ({ receivedAt: 'now' }) });
    render(LESSON_PATH);
    const questionnaire = within(await screen.findByRole('region', { name: 'このレッスンは役に立ちましたか？' }));

    expect(questionnaire.queryByRole('textbox')).toBeNull();
    fireEvent.click(questionnaire.getByRole('button', { name: 'はい' }));
    expect(questionnaire.getByRole('button', { name: 'はい' }).getAttribute('aria-pressed')).toBe('true');
    expect(questionnaire.getByRole('button', { name: 'いいえ' }).getAttribute('aria-pressed')).toBe('false');

    const comment = questionnaire.getByRole('textbox', { name: 'ご意見・ご感想（任意）' });
    fireEvent.change(comment, { target: { value: 'あ'.repeat(1001) } });
    expect(questionnaire.getByRole('alert').textContent).toBe('1000文字以内で入力してください。');
    expect((questionnaire.getByRole('button', { name: '送信する' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(comment, { target: { value: '例がわかりやすかったです。' } });
    fireEvent.click(questionnaire.getByRole('button', { name: '送信する' }));

    expect(await questionnaire.findByText(/ご回答ありがとうございました。/)).toBeInTheDocument();
    const body = bodyOf(fetchMock, 'POST /api/v1/questionnaires/lesson/answers') as LessonQuestionnaireRequest;
    expect(body).toEqual({
      courseKind: 'learning',
      courseSlug: 'oa-getting-started',
      lessonSlug: 'first-message',
      answers: { useful: true, comment: '例がわかりやすかったです。' },
    });
    expect(goals).toEqual(['lessonUseful']);
  });
});

describe('other kinds of lesson', () => {
  it('shows a slide deck in the PDF viewer with the body below, and nudges to complete after the last slide', async () => {
    serve(aLessonDetail({ kind: 'slides', pdfUrl: '/api/v1/download?url=deck.pdf', bodyHtml: '<p>スライドの補足です。</p>\n' }));
    render(LESSON_PATH, aUser());
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(viewer.getAttribute('data-url')).toBe('/api/v1/download?url=deck.pdf');
    expect(viewer.getAttribute('data-title')).toBe('最初のメッセージを送る');
    expect(screen.getByText('スライドの補足です。')).toBeInTheDocument();

    fireEvent.click(within(viewer).getByRole('button', { name: '最後のスライドへ' }));
    expect(within(completion()).getByText(/最後のスライドまで進みました。/)).toBeInTheDocument();
  });

  it('plays a video lesson from its address', async () => {
    fakeCatalogueApi({
      'GET /api/v1/video-courses/*/lessons/*': () =>
        aLessonDetail({
          kind: 'video',
          videoUrl: '/api/v1/download?url=intro.mp4',
          bodyHtml: '',
          course: { kind: 'video', slug: 'oa-video', title: '動画で学ぶ基本', path: '/learn-with-video/line-official-account/courses/oa-video', lessonCount: 3 },
        }),
    });
    render('/learn-with-video/line-official-account/courses/oa-video/lessons/first-message');
    await heading('最初のメッセージを送る');
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/api/v1/download?url=intro.mp4');
    expect(video?.getAttribute('preload')).toBe('metadata');
    expect(video?.hasAttribute('controls')).toBe(true);
    const breadcrumb = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(breadcrumb).getByRole('link', { name: '動画で学ぶ LINE公式アカウント' }).getAttribute('href')).toBe(
      '/learn-with-video/line-official-account',
    );
  });

  it("shows a seminar's one lesson under the seminar's address and records the course visit", async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'oa-seminar' })],
      'GET /api/v1/seminar-courses/*/lesson': () =>
        aLessonDetail({
          slug: 'kickoff',
          title: 'キックオフ',
          position: 1,
          previous: null,
          next: null,
          course: { kind: 'seminar', slug: 'oa-seminar', title: '運用セミナー', path: '/line-official-account/courses/oa-seminar', lessonCount: 1 },
        }),
    });
    render('/line-official-account/courses/oa-seminar/lessons/kickoff', aUser());
    expect(await heading('キックオフ')).toBeInTheDocument();
    expect(screen.getByText('レッスン 1 / 1')).toBeInTheDocument();
    await waitFor(() => expect(requestsOf(fetchMock)).toContain('PUT /api/v1/seminar-courses/oa-seminar/mark-as-visited'));
    // The seminar endpoint is asked straight away: no learning-course 404 on a seminar page.
    expect(requestsOf(fetchMock).filter((request) => request.includes('/learning-courses/'))).toEqual([]);
  });

  it('shows a certification lesson under the skill badge', async () => {
    const fetchMock = fakeCatalogueApi();
    render('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/targeting', aUser());
    expect(await heading('レッスン targeting')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(breadcrumb).getByRole('link', { name: 'マーケティングスキルバッジ' })).toBeInTheDocument();
    expect(within(breadcrumb).getByRole('link', { name: 'LINE広告 Basic' }).getAttribute('href')).toBe(
      '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
    );
    await waitFor(() => expect(requestsOf(fetchMock)).toContain('PUT /api/v1/certification-courses/line-ads-basic/mark-as-visited'));
  });
});

describe('a lesson for logged-in learners', () => {
  it('asks a visitor 「ログインしますか？」 and goes to the top page on cancel', async () => {
    serve(aLessonDetail(), {
      'GET /api/v1/learning-courses/*/lessons/*': () => apiErrorResponse(403, 'FORBIDDEN', 'このレッスンはログインした方だけがご覧いただけます'),
    });
    const { router } = render(LESSON_PATH);

    const dialog = await screen.findByRole('alertdialog', { name: 'ログインしますか？' });
    expect(screen.queryByRole('alertdialog', { name: 'ログインしてください' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
