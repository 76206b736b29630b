import type { Certificate } from '@campus/contracts/certificates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { aCertificate, aCredentialLink } from '../../test/certificate-fixtures';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { GuardedOutlet } from '../route-guards/guarded-outlet';
import { AppShell } from '../shell/app-shell';
import { CertificatePage, certificateLoader, CertificatesPage, certificatesLoader } from './mypage-pages';
import { NOT_FOUND_MESSAGE } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** The two pages as the router has them: behind the login and agreement guards, errors in the layout. */
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', element: <h1>トップページ</h1> },
          {
            element: <GuardedOutlet guards={['login', 'agreement']} />,
            children: [
              { path: '/mypage/certificates', loader: certificatesLoader, Component: CertificatesPage },
              { path: '/mypage/certificates/:certificateSlug', loader: certificateLoader, Component: CertificatePage },
            ],
          },
        ],
      },
    ],
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const apiError = (status: number, code: string) => json({ message: 'エラー', status, code }, status);

/** Answers the API by path; a function answer is called once per request. */
function fakeApi(answers: Record<string, () => Response>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
}

const learner = () => fakeSession({ me: aUser() });

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('CertificatesPage', () => {
  const cards = async () => {
    const list = await screen.findByRole('list', { name: '取得した認定証' });
    return within(list).getAllByRole('article');
  };

  it('shows each certificate as a card, an expired one marked as expired', async () => {
    const valid = aCertificate({ slug: 'VALID1', courseLabel: 'LINE広告 Advanced', level: 'ADVANCED' });
    const expired = aCertificate({
      slug: 'OLD1',
      courseLabel: 'Yahoo!広告 検索広告 Basic',
      issuedAt: '2024-06-30T15:30:00.000Z',
      expiresAt: '2025-06-30T15:30:00.000Z',
      status: 'expired',
    });
    fakeApi({ '/api/v1/certificates/': () => json({ items: [expired, valid] }) });

    renderWithRouter(routes, { at: '/mypage/certificates', session: learner() });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('認定証');
    const [first, second] = await cards();
    expect(within(first!).getByRole('heading', { level: 2 }).textContent).toBe('LINE広告 Advanced');
    expect(first!.textContent).toContain('有効');
    expect(first!.textContent).toContain('Advanced');
    expect(first!.className).not.toContain('expired');

    expect(within(second!).getByRole('heading', { level: 2 }).textContent).toBe('Yahoo!広告 検索広告 Basic');
    expect(within(second!).getAllByText('有効期限切れ')).toHaveLength(1);
    expect(second!.className).toContain('certificate-card--expired');
    // Dates as learners in Japan read them: 15:30 UTC is already the next day in Tokyo.
    expect(second!.textContent).toContain('取得日2024年7月1日');
    expect(second!.textContent).toContain('有効期限2025年7月1日');
    expect(second!.textContent).toContain('氏名山田 太郎');
    await waitFor(() => expect(document.title).toBe('認定証 - マーケティング学習キャンパス'));
  });

  it('downloads the PDF by a plain link to downloadUrl, and links to the detail', async () => {
    fakeApi({ '/api/v1/certificates/': () => json({ items: [aCertificate({ slug: 'K7QF2M9A' })] }) });
    renderWithRouter(routes, { at: '/mypage/certificates', session: learner() });

    const [card] = await cards();
    const download = within(card!).getByRole('link', { name: '認定証PDFをダウンロード' });
    expect(download.getAttribute('href')).toBe('/api/v1/certificates/certificate-K7QF2M9A/pdf');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(card!).getByRole('link', { name: '詳細を見る' }).getAttribute('href')).toBe('/mypage/certificates/K7QF2M9A');
  });

  it('says there are no certificates yet and leads to the skill badge courses', async () => {
    fakeApi({ '/api/v1/certificates/': () => json({ items: [] }) });
    renderWithRouter(routes, { at: '/mypage/certificates', session: learner() });

    expect((await screen.findByText(/^まだ認定証はありません。/)).textContent).toBe('まだ認定証はありません。認定試験に合格すると、ここに認定証が表示されます。');
    expect(screen.getByRole('link', { name: 'スキルバッジの認定コースを見る' }).getAttribute('href')).toBe(
      '/lineyahoo-marketing-skill-badge',
    );
    expect(screen.queryByRole('list', { name: '取得した認定証' })).toBeNull();
  });

  it('loads the list again once the session allows the page (the first load ran before the login)', async () => {
    const answers = [apiError(401, 'LOGIN_REQUIRED'), json({ items: [aCertificate()] })];
    const fetchMock = fakeApi({ '/api/v1/certificates/': () => answers.shift()! });
    renderWithRouter(routes, { at: '/mypage/certificates', session: learner() });

    expect((await cards())).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('CertificatePage', () => {
  const at = (certificate: Certificate, credential: () => Response = () => json(aCredentialLink())) => {
    const fetchMock = fakeApi({ [`/api/v1/certificates/${certificate.slug}`]: () => json(certificate), [`/api/v1/certificates/${certificate.certificateId}/credential`]: credential });
    renderWithRouter(routes, { at: `/mypage/certificates/${certificate.slug}`, session: learner() });
    return fetchMock;
  };

  it('shows the certificate, its PDF download and its verification URL', async () => {
    at(aCertificate({ slug: 'K7QF2M9A' }));

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('LINE広告 Basic 認定証');
    expect(screen.getAllByText('有効')).toHaveLength(1);
    expect(screen.queryByText('有効期限切れ')).toBeNull();
    expect(screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ' })).toHaveAttribute('src', '/badges/line-ads-basic.svg');
    const download = screen.getByRole('link', { name: '認定証PDFをダウンロード' });
    expect(download.getAttribute('href')).toBe('/api/v1/certificates/certificate-K7QF2M9A/pdf');
    expect(screen.getByRole('link', { name: 'https://campus.test/certificates/verify/K7QF2M9A' }).getAttribute('href')).toBe('https://campus.test/certificates/verify/K7QF2M9A');
    expect(document.body.textContent).toContain('認定証番号K7QF2M9A');
    await waitFor(() => expect(document.title).toBe('LINE広告 Basic 認定証 - マーケティング学習キャンパス'));
  });

  it('copies the verification URL and says so', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    at(aCertificate({ slug: 'K7QF2M9A' }));

    fireEvent.click(await screen.findByRole('button', { name: '確認用URLをコピー' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'リンクをコピーしました。');
    expect(writeText).toHaveBeenCalledWith('https://campus.test/certificates/verify/K7QF2M9A');
  });

  it('marks an expired certificate and says how to get a new one', async () => {
    at(aCertificate({ slug: 'OLD1', status: 'expired', expiresAt: '2025-06-30T15:30:00.000Z' }));

    expect(await screen.findAllByText('有効期限切れ')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ（期限切れ）' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('この認定証は2025年7月1日に有効期限が切れました。');
    expect(screen.getByRole('link', { name: '認定コース' }).getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge/courses/line-ads-basic');
  });

  it('offers the Open Badges credential as JSON and shows its public URL', async () => {
    at(aCertificate({ slug: 'K7QF2M9A' }));

    const download = await screen.findByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' });
    expect(download.getAttribute('href')).toBe(aCredentialLink().jsonUrl);
    expect(download.getAttribute('download')).toBe('open-badge-K7QF2M9A.json');
    expect(screen.getByRole('link', { name: aCredentialLink().credentialUrl }).getAttribute('href')).toBe(aCredentialLink().credentialUrl);
    expect(screen.getByRole('button', { name: 'デジタル認定証のURLをコピー' })).toBeInTheDocument();
    const badge = screen.getByRole('link', { name: 'デジタル認定証入りのバッジ画像（PNG）をダウンロード' });
    expect([badge.getAttribute('href'), badge.getAttribute('download')]).toEqual([aCredentialLink().badgeUrl, 'open-badge-K7QF2M9A.png']);
  });

  it('adds the certification to LinkedIn with every field, and shares the badge’s verification page', async () => {
    at(aCertificate({ slug: 'K7QF2M9A' }));

    const linkedIn = await screen.findByRole('link', { name: /LinkedInのプロフィールに追加/ });
    expect(linkedIn.getAttribute('target')).toBe('_blank');
    const url = new URL(linkedIn.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'LINE広告 Basic 認定バッジ',
      organizationName: 'マーケティング学習キャンパス',
      issueYear: '2026',
      issueMonth: '4',
      expirationYear: '2027',
      expirationMonth: '4',
      certId: 'K7QF2M9A',
      certUrl: 'https://campus.test/certificates/verify/K7QF2M9A',
    });
    fireEvent.click(screen.getByRole('button', { name: 'バッジをシェア' }));
    expect(screen.getByRole('dialog', { name: 'バッジをシェア' })).toBeInTheDocument();
  });

  it('tells the holder when and why the certificate was revoked, and offers neither its PDF nor sharing', async () => {
    const revocation = { revokedAt: '2026-05-01T03:00:00.000Z', category: 'issued-in-error' as const };
    at(aCertificate({ slug: 'K7QF2M9A', status: 'revoked', revocation }), () => json(aCredentialLink({ status: 'revoked', revokedAt: revocation.revokedAt, revocation })));

    expect(await screen.findByText('この認定証は2026年5月1日に、誤って発行されたため取り消されました。PDFのダウンロードはできません。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'バッジをシェア' })).toBeNull();
    // No badge (not even a greyed 期限切れ one) for a certificate that no longer stands.
    expect(screen.queryByRole('img', { name: /スキルバッジ/ })).toBeNull();
  });

  it('tells the holder a renewal superseded this certificate, linking to their latest one', async () => {
    const supersededBy = { credentialId: 'c2', credentialUrl: 'https://campus.test/api/v1/credentials/c2', certificateSlug: 'N3WSLUG99' };
    at(aCertificate({ slug: 'K7QF2M9A' }), () => json(aCredentialLink({ supersededBy })));

    expect(await screen.findByRole('link', { name: '最新の認定証' })).toHaveAttribute('href', '/mypage/certificates/N3WSLUG99');
    expect(document.body.textContent).toContain('この認定証は更新されました。最新の認定証');
  });

  it('says the credential is on its way while it is not signed yet, and finds it when asked again', async () => {
    let signed = false;
    at(aCertificate({ slug: 'K7QF2M9A' }), () => (signed ? json(aCredentialLink()) : apiError(404, 'NOT_FOUND')));

    expect(await screen.findByText(/デジタル認定証はいま署名しています。/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    signed = true;
    fireEvent.click(screen.getByRole('button', { name: 'もう一度確かめる' }));
    expect(await screen.findByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' })).toBeInTheDocument();
  });

  it('says when the credential could not be read, without a popup, and keeps the certificate on the page', async () => {
    at(aCertificate({ slug: 'K7QF2M9A' }), () => apiError(500, 'INTERNAL_ERROR'));

    expect(await screen.findByText(/デジタル認定証の情報を読み込めませんでした。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '認定証PDFをダウンロード' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the 404 page for a certificate that is not the learner’s', async () => {
    fakeApi({ '/api/v1/certificates/SOMEONE': () => apiError(404, 'NOT_FOUND') });
    renderWithRouter(routes, { at: '/mypage/certificates/SOMEONE', session: learner() });

    expect((await screen.findByRole('heading', { name: NOT_FOUND_MESSAGE })).textContent).toBe(NOT_FOUND_MESSAGE);
  });
});
