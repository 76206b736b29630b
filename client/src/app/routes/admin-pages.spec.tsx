import type { AdminAnnouncement, AdminAnnouncementPage } from '@campus/contracts/announcements';
import type { LegacyBadgeImport, LegacyBadgeImportList, LegacyBadgeImportSummary } from '@campus/contracts/legacy-badge-imports';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { closeAllPopups, popupActor, toastActor } from '../../components/ui/popup/popups';
import { onConnectionChange, onServerEvent } from '../../lib/realtime';
import { apiErrorResponse, fakeCatalogueApi, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';
import { preloadRouteModules } from '../../test/preload-route-modules';
import { UNKNOWN_ERROR_MESSAGE } from '../../lib/api-client';

jest.mock('../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

const admin = () => fakeSession({ me: aUser({ role: 'admin', lastName: '管理', firstName: '花子' }) });

function anAnnouncement(overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return {
    announcementId: 'a-1',
    title: '春の認定試験キャンペーン',
    body: '期間中に合格すると特典があります。',
    link: '/lineyahoo-marketing-skill-badge',
    publishAt: '2026-04-01T01:00:00.000Z',
    unpublishedAt: null,
    status: 'published',
    createdAt: '2026-03-30T00:00:00.000Z',
    readCount: 12,
    ...overrides,
  };
}

const pageOf = (items: AdminAnnouncement[], total = items.length, offset = 0): AdminAnnouncementPage => ({ items, total, limit: 20, offset });

/** The calls the page made, as "METHOD path?query", and the JSON bodies sent. */
function callsOf(fetchMock: jest.Mock) {
  return fetchMock.mock.calls
    .map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => ({
      key: `${init?.method ?? 'GET'} ${String(input)}`,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }))
    .filter((call) => call.key.includes('/api/v1/admin/'));
}

/** The socket as the import page sees it: the test pushes progress and connects. */
function fakeSocket() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const connection: ((connected: boolean) => void)[] = [];
  onServerEventMock.mockImplementation((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  });
  onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
    connection.push(listener);
    return () => {};
  });
  return {
    push: (event: string, payload: unknown) => act(() => listeners.get(event)?.(payload)),
    connect: () => act(() => connection.forEach((listener) => listener(true))),
  };
}

function renderAdmin(at: string, api: Record<string, FakeRoute>) {
  const fetchMock = fakeCatalogueApi(api);
  const view = renderWithRouter(routes, { at, session: admin() });
  return { ...view, fetchMock };
}

// jsdom's File has no text(); browsers do (the import reads the chosen file with it).
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

beforeAll(preloadRouteModules, 60_000);

beforeEach(() => {
  fakeSocket();
});

afterEach(async () => {
  closeAllPopups();
  toastActor.send({ type: 'HIDE' });
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('/admin/announcements', () => {
  it('lists every announcement with its state, date and read count, 20 a page', async () => {
    const items = [
      anAnnouncement({ announcementId: 'a-2', title: '夏の予定', status: 'scheduled', publishAt: '2030-07-01T00:00:00.000Z', readCount: 0 }),
      anAnnouncement(),
      anAnnouncement({ announcementId: 'a-0', title: '古いお知らせ', status: 'unpublished', readCount: 3 }),
    ];
    const { fetchMock, router } = renderAdmin('/admin/announcements', {
      'GET /api/v1/admin/announcements': (url) => pageOf(url.searchParams.get('offset') === '20' ? [anAnnouncement({ announcementId: 'a-9', title: '次のページ' })] : items, 23),
    });

    const table = await screen.findByRole('table', { name: 'お知らせの一覧（全 23 件）' });
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '運営コンソール' })).getByRole('link', { name: 'お知らせ' }).getAttribute('aria-current')).toBe('page');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['夏の予定', '予約中', '2030年7月1日 09:00', '0'],
      ['春の認定試験キャンペーン', '公開中', '2026年4月1日 10:00', '12'],
      ['古いお知らせ', '取り下げ済み', '2026年4月1日 10:00', '3'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: '春の認定試験キャンペーン' }).getAttribute('href')).toBe('/admin/announcements/a-1');
    expect(screen.getByRole('link', { name: '新しいお知らせ' }).getAttribute('href')).toBe('/admin/announcements/new');
    expect(callsOf(fetchMock)[0]!.key).toBe('GET /api/v1/admin/announcements?limit=20&offset=0');
    await waitFor(() => expect(document.title).toBe('お知らせ（運営コンソール） - マーケティング学習キャンパス'));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'ページ送り' })).getByRole('link', { name: '次のページ' }));
    await screen.findByText('2 / 2 ページ');
    expect(router.state.location.search).toBe('?page=2');
    expect(callsOf(fetchMock).at(-1)!.key).toBe('GET /api/v1/admin/announcements?limit=20&offset=20');
  });

  it('says when there is nothing yet', async () => {
    renderAdmin('/admin/announcements', { 'GET /api/v1/admin/announcements': () => pageOf([]) });
    expect(await screen.findByText('お知らせはまだありません。「新しいお知らせ」から作成できます。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the list could not load, and 再読み込み loads it', async () => {
    let failing = true;
    renderAdmin('/admin/announcements', {
      'GET /api/v1/admin/announcements': () =>
        failing ? apiErrorResponse(503, 'INTERNAL_ERROR', '一覧を読み込めませんでした。') : pageOf([anAnnouncement()]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNKNOWN_ERROR_MESSAGE);
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect((await screen.findByRole('table')).querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    // The page showed it: no popup on top.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('/admin/announcements/new', () => {
  it('previews as learners see it, publishes, and goes back to the list with a notice', async () => {
    const { fetchMock, router } = renderAdmin('/admin/announcements/new', {
      'POST /api/v1/admin/announcements': () => ({ announcementId: 'a-3', publishAt: '2026-04-02T00:00:00.000Z', isPublished: true }),
      'GET /api/v1/admin/announcements': () => pageOf([anAnnouncement({ announcementId: 'a-3', title: '新しい講座のご案内' })]),
    });

    fireEvent.change(await screen.findByLabelText('タイトル'), { target: { value: '新しい講座のご案内' } });
    fireEvent.change(screen.getByLabelText('本文'), { target: { value: '1 行目\n2 行目' } });
    fireEvent.change(screen.getByLabelText(/^リンク/), { target: { value: '/line-ads' } });

    const preview = screen.getByRole('region', { name: 'プレビュー' });
    expect(within(preview).getByRole('heading', { name: '新しい講座のご案内' })).toBeInTheDocument();
    expect(within(preview).getByText(/1 行目/).textContent).toBe('1 行目\n2 行目');
    const link = within(preview).getByRole('link', { name: '詳しく見る（新しいタブで開きます）' });
    expect(link.getAttribute('href')).toBe('/line-ads');
    expect(link.getAttribute('target')).toBe('_blank');

    fireEvent.click(screen.getByRole('button', { name: '公開する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcements'));
    expect(await screen.findByText('お知らせを公開しました。')).toBeInTheDocument();
    expect(callsOf(fetchMock).find((call) => call.key.startsWith('POST'))).toEqual({
      key: 'POST /api/v1/admin/announcements',
      body: { title: '新しい講座のご案内', body: '1 行目\n2 行目', link: '/line-ads' },
    });
    expect(await screen.findByRole('row', { name: /新しい講座のご案内/ })).toBeInTheDocument();
  });

  it('shows the server 400 next to its field, keeps what was typed and focuses the field', async () => {
    const { fetchMock, router } = renderAdmin('/admin/announcements/new', {
      'POST /api/v1/admin/announcements': () =>
        new Response(JSON.stringify({ message: 'title: title は 100 文字以内で入力してください', status: 400, code: 'VALIDATION_FAILED', field: 'title' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const title = await screen.findByLabelText('タイトル');
    fireEvent.change(title, { target: { value: 'あ'.repeat(101) } });
    fireEvent.change(screen.getByLabelText('本文'), { target: { value: '本文' } });
    fireEvent.click(screen.getByRole('button', { name: '公開する' }));

    const message = await screen.findByText('title は 100 文字以内で入力してください');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(message.id);
    expect((title as HTMLInputElement).value).toBe('あ'.repeat(101));
    expect((screen.getByLabelText('本文') as HTMLTextAreaElement).value).toBe('本文');
    expect(router.state.location.pathname).toBe('/admin/announcements/new');
    // The form said it: no popup.
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(title, { target: { value: '短いタイトル' } });
    expect(screen.queryByText('title は 100 文字以内で入力してください')).toBeNull();
    expect(title.hasAttribute('aria-invalid')).toBe(false);
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('POST'))).toHaveLength(1);
  });

  it('schedules for a date in Japan time: 予約する, and asks for the date first', async () => {
    const { fetchMock } = renderAdmin('/admin/announcements/new', {
      'POST /api/v1/admin/announcements': () => ({ announcementId: 'a-4', publishAt: '2030-05-01T01:00:00.000Z', isPublished: false }),
      'GET /api/v1/admin/announcements': () => pageOf([]),
    });
    fireEvent.change(await screen.findByLabelText('タイトル'), { target: { value: '予約のお知らせ' } });
    fireEvent.change(screen.getByLabelText('本文'), { target: { value: '本文' } });
    fireEvent.click(screen.getByRole('radio', { name: '日時を指定' }));

    fireEvent.click(screen.getByRole('button', { name: '予約する' }));
    expect(await screen.findByText('公開日時を入力してください')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('POST'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('公開日時（日本時間）'), { target: { value: '2030-05-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: '予約する' }));
    expect(await screen.findByText('お知らせを予約しました。')).toBeInTheDocument();
    expect(callsOf(fetchMock).find((call) => call.key.startsWith('POST'))?.body).toEqual({
      title: '予約のお知らせ',
      body: '本文',
      link: null,
      publishAt: '2030-05-01T10:00:00+09:00',
    });
  });
});

describe('/admin/announcements/:announcementId', () => {
  it('edits a live one without touching its date', async () => {
    const { fetchMock } = renderAdmin('/admin/announcements/a-1', {
      'GET /api/v1/admin/announcements/a-1': () => anAnnouncement(),
      'PUT /api/v1/admin/announcements/a-1': () => anAnnouncement({ title: '春の認定試験キャンペーン（更新）' }),
      'GET /api/v1/admin/announcements': () => pageOf([]),
    });
    const title = (await screen.findByLabelText('タイトル')) as HTMLInputElement;
    expect(title.value).toBe('春の認定試験キャンペーン');
    expect(screen.getByText('公開中')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '日時を指定' })).toBeNull();
    expect(screen.getByText(/公開済みのため変更できません/).textContent).toMatch(/公開済みのため変更できません/);

    fireEvent.change(title, { target: { value: '春の認定試験キャンペーン（更新）' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('お知らせを保存しました。')).toBeInTheDocument();
    expect(callsOf(fetchMock).find((call) => call.key.startsWith('PUT'))).toEqual({
      key: 'PUT /api/v1/admin/announcements/a-1',
      body: { title: '春の認定試験キャンペーン（更新）', body: '期間中に合格すると特典があります。', link: '/lineyahoo-marketing-skill-badge' },
    });
  });

  it('withdraws after the confirmation, which starts on キャンセル', async () => {
    const { fetchMock, router } = renderAdmin('/admin/announcements/a-1', {
      'GET /api/v1/admin/announcements/a-1': () => anAnnouncement(),
      'POST /api/v1/admin/announcements/a-1/unpublish': () => anAnnouncement({ status: 'unpublished' }),
      'GET /api/v1/admin/announcements': () => pageOf([anAnnouncement({ status: 'unpublished' })]),
    });
    const withdraw = await screen.findByRole('button', { name: '取り下げる' });
    fireEvent.click(withdraw);
    let dialog = screen.getByRole('alertdialog', { name: 'お知らせを取り下げますか？' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'キャンセル' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '取り下げる' }));
    dialog = screen.getByRole('alertdialog', { name: 'お知らせを取り下げますか？' });
    fireEvent.click(within(dialog).getByRole('button', { name: '取り下げる' }));
    expect(await screen.findByText('お知らせを取り下げました。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/announcements');
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('POST')).map((call) => call.key)).toEqual([
      'POST /api/v1/admin/announcements/a-1/unpublish',
    ]);
  });

  it('shows a withdrawn one read only', async () => {
    renderAdmin('/admin/announcements/a-0', {
      'GET /api/v1/admin/announcements/a-0': () => anAnnouncement({ announcementId: 'a-0', status: 'unpublished' }),
    });
    expect(await screen.findByText('取り下げ済みのお知らせは編集できません。')).toBeInTheDocument();
    expect(screen.getByLabelText('タイトル').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: '保存する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取り下げる' })).toBeNull();
  });

  it('says when the announcement does not exist, with 再読み込み', async () => {
    renderAdmin('/admin/announcements/nope', {
      'GET /api/v1/admin/announcements/nope': () => apiErrorResponse(404, 'NOT_FOUND', 'お知らせが見つかりません'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('お知らせが見つかりません');
    expect(within(alert).getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });
});

describe('/admin/messages', () => {
  it('counts a group live, confirms with the count and reports how many it reached', async () => {
    const { fetchMock } = renderAdmin('/admin/messages', {
      'GET /api/v1/admin/notifications/recipients': (url) => ({ recipientCount: url.searchParams.get('courseSlug') ? 7 : 120 }),
      'POST /api/v1/admin/notifications': () => ({ messageId: 'm-1', recipientCount: 7 }),
    });
    expect(await screen.findByText('送信先: 1 人')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'グループ' }));
    expect(await screen.findByText('送信先: 120 人')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('対象のグループ'), { target: { value: 'badge-expiring-this-month' } });
    fireEvent.change(screen.getByLabelText('コース（任意）'), { target: { value: 'line-ads-basic' } });
    expect(await screen.findByText('送信先: 7 人')).toBeInTheDocument();
    expect(callsOf(fetchMock).map((call) => call.key)).toEqual([
      'GET /api/v1/admin/notifications/recipients?segment=all-learners',
      'GET /api/v1/admin/notifications/recipients?segment=badge-expiring-this-month',
      'GET /api/v1/admin/notifications/recipients?segment=badge-expiring-this-month&courseSlug=line-ads-basic',
    ]);

    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: 'バッジの有効期限が近づいています' } });
    fireEvent.change(screen.getByLabelText('本文'), { target: { value: '今月末で期限が切れます。' } });
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    const dialog = screen.getByRole('alertdialog', { name: '個別のお知らせを送信しますか？' });
    expect(dialog).toHaveTextContent('7 人に送信します。');
    fireEvent.click(within(dialog).getByRole('button', { name: '送信する' }));

    expect(await screen.findByText('7 人に送信しました')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(fetchMock).at(-1)).toEqual({
      key: 'POST /api/v1/admin/notifications',
      body: {
        title: 'バッジの有効期限が近づいています',
        body: '今月末で期限が切れます。',
        link: null,
        target: { kind: 'segment', segment: 'badge-expiring-this-month', courseSlug: 'line-ads-basic' },
        // One id per message, so a retry after a lost answer is not delivered twice.
        messageId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      },
    });
    expect((screen.getByLabelText('タイトル') as HTMLInputElement).value).toBe('');
  });

  it('checks the address before asking, and shows the server refusal at the field', async () => {
    const { fetchMock } = renderAdmin('/admin/messages', {
      'POST /api/v1/admin/notifications': () => apiErrorResponse(404, 'NOT_FOUND', 'このメールアドレスの学習者はいません'),
    });
    const email = await screen.findByLabelText('メールアドレス');
    fireEvent.change(email, { target: { value: 'taro' } });
    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: 'ご案内' } });
    fireEvent.change(screen.getByLabelText('本文'), { target: { value: '本文' } });
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByText('email はメールアドレスの形式で入力してください')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(fetchMock)).toEqual([]);

    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('1 人に送信します。');
    fireEvent.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(await screen.findByText('このメールアドレスの学習者はいません')).toBeInTheDocument();
    expect((screen.getByLabelText('タイトル') as HTMLInputElement).value).toBe('ご案内');
  });
});

describe('/admin/imports', () => {
  const anImport = (overrides: Partial<LegacyBadgeImport> = {}): LegacyBadgeImport => ({
    importId: 'imp-1',
    fileName: 'badges.csv',
    status: 'queued',
    totalRows: 0,
    processedRows: 0,
    importedCount: 0,
    unchangedCount: 0,
    rejectedRows: [],
    requestedAt: '2026-04-01T00:00:00.000Z',
    finishedAt: null,
    ...overrides,
  });
  /** A push carries the counts, not the rows. */
  const aPush = (overrides: Partial<LegacyBadgeImport> = {}): LegacyBadgeImportSummary => {
    const { rejectedRows, ...rest } = anImport(overrides);
    return { ...rest, rejectedCount: rejectedRows.length };
  };

  it('sends the chosen CSV, follows the pushed progress, reports, and lists it with the past imports', async () => {
    const socket = fakeSocket();
    let listed = 0;
    const history = (): LegacyBadgeImportList => {
      listed += 1;
      return {
        items:
          listed === 1
            ? []
            : [{ ...anImport({ status: 'done', totalRows: 3, processedRows: 3, importedCount: 1, unchangedCount: 1 }), rejectedRows: undefined, rejectedCount: 1 } as never],
      };
    };
    const ended = anImport({ status: 'done', totalRows: 3, processedRows: 3, importedCount: 1, unchangedCount: 1, rejectedRows: [{ line: 3, reason: 'コーススラッグが不正です' }] });
    let importNow = anImport({ status: 'running', totalRows: 3, processedRows: 1 });
    const { fetchMock } = renderAdmin('/admin/imports', {
      'GET /api/v1/admin/legacy-badge-imports': history,
      'POST /api/v1/admin/legacy-badge-imports': () => anImport(),
      'GET /api/v1/admin/legacy-badge-imports/imp-1': () => importNow,
    });
    expect(await screen.findByText('まだ取り込みはありません。')).toBeInTheDocument();
    expect(screen.getByText('email,course_slug,passed_at', { selector: 'code' }).tagName).toBe('CODE');

    const csv = 'email,course_slug,passed_at\na@example.com,line-ads-basic,2025-06-01\n';
    fireEvent.change(screen.getByLabelText('CSV ファイル'), { target: { files: [new File([csv], 'badges.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: '取り込む' }));

    const bar = await screen.findByRole('progressbar', { name: '取り込みの進み具合' });
    expect(callsOf(fetchMock).find((call) => call.key.startsWith('POST'))?.body).toEqual({ fileName: 'badges.csv', csv });
    socket.connect();
    await screen.findByText('1 / 3 行');
    socket.push('admin.importProgress', aPush({ status: 'running', totalRows: 3, processedRows: 2 }));
    expect(screen.getByText('2 / 3 行')).toBeInTheDocument();
    expect(bar.getAttribute('value')).toBe('2');
    expect(bar.getAttribute('max')).toBe('3');
    // Another import's progress is not this one's.
    socket.push('admin.importProgress', aPush({ importId: 'imp-other', status: 'running', totalRows: 9, processedRows: 9 }));
    expect(bar).toHaveAttribute('value', '2');
    expect(screen.queryByText('9 / 9 行')).toBeNull();

    importNow = ended;
    const readsBefore = callsOf(fetchMock).filter((call) => call.key === 'GET /api/v1/admin/legacy-badge-imports/imp-1').length;
    socket.push('admin.importProgress', aPush({ status: 'done', totalRows: 3, processedRows: 3, importedCount: 1, unchangedCount: 1, rejectedRows: ended.rejectedRows }));
    const report = screen.getByRole('region', { name: '取り込み結果（badges.csv）' });
    expect(within(report).getByText('取り込み 1 件')).toBeInTheDocument();
    expect(within(report).getByText('変更なし 1 件')).toBeInTheDocument();
    expect(within(report).getByText('取り込まなかった行 1 件')).toBeInTheDocument();
    // The push had only the count: the rows come from one GET of the import.
    const rejected = await within(report).findByRole('table', { name: '取り込まなかった行' });
    expect(callsOf(fetchMock).filter((call) => call.key === 'GET /api/v1/admin/legacy-badge-imports/imp-1').length).toBe(readsBefore + 1);
    expect(within(rejected).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['3コーススラッグが不正です']);
    expect(screen.queryByRole('progressbar')).toBeNull();

    const past = await screen.findByRole('table', { name: 'これまでの取り込み（新しい順に 20 件まで）' });
    // The finished import is listed with its state on its own row.
    expect(within(past).getByRole('row', { name: /badges\.csv/ })).toHaveTextContent('完了');
  });

  it('refuses a file over the limit in the browser, with the API message', async () => {
    const { fetchMock } = renderAdmin('/admin/imports', { 'GET /api/v1/admin/legacy-badge-imports': () => ({ items: [] }) });
    await screen.findByText('まだ取り込みはありません。');
    fireEvent.change(screen.getByLabelText('CSV ファイル'), { target: { files: [new File(['x'.repeat(800_001)], 'big.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: '取り込む' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('CSV ファイルは 800KB 以内にしてください（大きなファイルは分けて取り込んでください）');
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('POST'))).toEqual([]);
    expect(screen.getByLabelText('CSV ファイル').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a file when none is chosen', async () => {
    renderAdmin('/admin/imports', { 'GET /api/v1/admin/legacy-badge-imports': () => ({ items: [] }) });
    fireEvent.click(await screen.findByRole('button', { name: '取り込む' }));
    expect((await screen.findByRole('alert')).textContent).toBe('CSV ファイルを選んでください');
  });
});

describe('/admin/accommodations', () => {
  const USER_ID = '0196a3c4-0000-7000-8000-0000000000aa';
  const learner = (accommodation: unknown = null) => ({ learner: { userId: USER_ID, email: 'learner@example.com', name: '山田 太郎' }, accommodation });
  const granted = { extraMinutes: null, extraPercent: 50, endsOn: null, note: '診断書の提出による', grantedAt: '2026-11-27T01:00:00.000Z', active: true };

  it('finds a learner by e-mail, grants +50 %, shows the grant and withdraws it', async () => {
    const { fetchMock } = renderAdmin('/admin/accommodations', {
      'GET /api/v1/admin/exam-accommodations': (url) =>
        url.searchParams.get('email') === 'learner@example.com' ? learner() : apiErrorResponse(404, 'NOT_FOUND', 'このメールアドレスの学習者が見つかりません', 'email'),
      [`PUT /api/v1/admin/exam-accommodations/${USER_ID}`]: () => learner(granted),
      [`DELETE /api/v1/admin/exam-accommodations/${USER_ID}`]: () => learner(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: '試験時間の延長' })).toBeInTheDocument();
    const email = screen.getByLabelText('学習者のメールアドレス');
    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('このメールアドレスの学習者が見つかりません')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(email));

    fireEvent.change(email, { target: { value: 'learner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByRole('heading', { name: '山田 太郎さんの試験時間の延長' })).toBeInTheDocument();
    expect(screen.getByText('現在、試験時間の延長はありません。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '延長を取り消す' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '割合（%）で指定' }));
    fireEvent.change(screen.getByLabelText(/延長する割合/), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText(/メモ/), { target: { value: '診断書の提出による' } });
    fireEvent.click(screen.getByRole('button', { name: '延長を登録する' }));
    expect(await screen.findByText('現在の延長: 制限時間の50%延長（期限なし）')).toBeInTheDocument();
    expect(screen.getByText(/試験時間の延長を登録しました/)).toBeInTheDocument();
    expect(callsOf(fetchMock).at(-1)).toEqual({
      key: `PUT /api/v1/admin/exam-accommodations/${USER_ID}`,
      body: { extraMinutes: null, extraPercent: 50, endsOn: null, note: '診断書の提出による' },
    });

    fireEvent.click(screen.getByRole('button', { name: '延長を取り消す' }));
    expect(await screen.findByText('現在、試験時間の延長はありません。')).toBeInTheDocument();
    expect(screen.getByText(/試験時間の延長を取り消しました/)).toBeInTheDocument();
    expect(callsOf(fetchMock).at(-1)?.key).toBe(`DELETE /api/v1/admin/exam-accommodations/${USER_ID}`);
  });

  it('checks the terms before sending, and shows the server’s refusal at its field', async () => {
    const { fetchMock } = renderAdmin('/admin/accommodations', {
      'GET /api/v1/admin/exam-accommodations': () => learner(),
      [`PUT /api/v1/admin/exam-accommodations/${USER_ID}`]: () => apiErrorResponse(400, 'VALIDATION_FAILED', 'endsOn: endsOn は今日以降の日付で指定してください', 'endsOn'),
    });
    fireEvent.change(await screen.findByLabelText('学習者のメールアドレス'), { target: { value: 'learner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '検索する' }));
    const amount = await screen.findByLabelText(/延長する時間（分）/);
    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: '延長を登録する' }));
    expect(await screen.findByText('extraMinutes は 240 以下で指定してください')).toBeInTheDocument();
    expect(screen.getByText('note を入力してください')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(fetchMock).filter((call) => call.key.startsWith('PUT'))).toEqual([]);

    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText(/終了日/), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText(/メモ/), { target: { value: '配慮のため' } });
    fireEvent.click(screen.getByRole('button', { name: '延長を登録する' }));
    expect(await screen.findByText('endsOn は今日以降の日付で指定してください')).toBeInTheDocument();
    expect(callsOf(fetchMock).at(-1)?.body).toEqual({ extraMinutes: 15, extraPercent: null, endsOn: '2020-01-01', note: '配慮のため' });
  });
});
