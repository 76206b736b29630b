import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { aCertificate, aCertificateVerification, aCredentialLink } from '../../test/certificate-fixtures';
import { fakeSession } from '../../test/fake-session';
import { renderWithRouter } from '../../test/render-with-router';
import { AppShell } from '../shell/app-shell';
import { CertificateVerificationPage, certificateVerificationLoader } from './certificate-verification-page';
import { RouteErrorPage } from './route-error-page';

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/certificates/verify/:certificateSlug',
            loader: certificateVerificationLoader,
            Component: CertificateVerificationPage,
          },
        ],
      },
    ],
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** One answer for the verification call and one for its credential; anything else is a test failure. */
function fakeVerificationApi(slug: string, answer: () => Response, credential: () => Response = () => json(aCredentialLink())) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === `/api/v1/certificate-verifications/${slug}/credential`) return credential();
    if (path !== `/api/v1/certificate-verifications/${slug}`) throw new Error(`unexpected call ${path}`);
    return answer();
  });
}

// A visitor: the page needs no login.
const visit = (slug: string) => renderWithRouter(routes, { at: `/certificates/verify/${slug}`, session: fakeSession({ me: null }) });

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('CertificateVerificationPage', () => {
  it('confirms a valid certificate to a visitor, with what it certifies', async () => {
    fakeVerificationApi('K7QF2M9A', () => json(aCertificateVerification({ slug: 'K7QF2M9A' })));
    visit('K7QF2M9A');

    expect(await screen.findByText('この認定証は有効です。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '認定証の確認' })).toBeInTheDocument();
    const text = document.body.textContent;
    expect(text).toContain('氏名山田 太郎');
    expect(text).toContain('認定コースLINE広告 Basic');
    expect(text).toContain('レベルBasic');
    expect(text).toContain('取得日2026年4月10日');
    expect(text).toContain('有効期限2027年4月10日');
    expect(text).toContain('状態有効');
    // The badge it stands for leads, in colour.
    const badge = screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ' });
    expect(badge.getAttribute('src')).toBe(`/badges/${aCertificate().courseSlug}.svg`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.title).toBe('認定証の確認 - マーケティング学習キャンパス'));
  });

  it('links to the certificate’s Open Badges credential, without offering a download', async () => {
    fakeVerificationApi('K7QF2M9A', () => json(aCertificateVerification({ slug: 'K7QF2M9A' })));
    visit('K7QF2M9A');

    const link = await screen.findByRole('link', { name: aCredentialLink().credentialUrl });
    expect(link.getAttribute('href')).toBe(aCredentialLink().credentialUrl);
    expect(screen.getByRole('link', { name: '内容をJSONで見る' }).getAttribute('href')).toBe(aCredentialLink().jsonUrl);
    expect(screen.queryByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' })).toBeNull();
  });

  it('says a revoked certificate is revoked (取り消し) from the verification answer alone, even when the credential cannot be read', async () => {
    const revoked = aCertificateVerification({ slug: 'K7QF2M9A', status: 'revoked', revocation: { revokedAt: '2026-05-01T03:00:00.000Z', category: 'misconduct' } });
    fakeVerificationApi('K7QF2M9A', () => json(revoked), () => json({ message: 'エラー', status: 503, code: 'SERVICE_UNAVAILABLE' }, 503));
    visit('K7QF2M9A');

    expect(await screen.findByText('この認定証は取り消されています。')).toBeInTheDocument();
    expect(document.body.textContent).toContain('状態取り消し');
    expect(document.body.textContent).toContain('2026年5月1日に、不正行為が確認されたため取り消されました。');
    expect(document.body.textContent).not.toContain('有効です');
    // No badge is shown for a certificate that no longer stands.
    expect(screen.queryByRole('img', { name: /スキルバッジ/ })).toBeNull();
  });

  it('never says 有効 on the credential’s word: a revoked credential beside a valid answer does not change the verdict', async () => {
    // The page reads the verdict from one answer; the credential link only adds its addresses.
    fakeVerificationApi('K7QF2M9A', () => json(aCertificateVerification({ slug: 'K7QF2M9A', status: 'expired' })), () => json(aCredentialLink({ status: 'revoked', revokedAt: '2026-05-01T03:00:00.000Z' })));
    visit('K7QF2M9A');

    expect(await screen.findByText('この認定証は有効期限が切れています。')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('有効です');
  });

  it('says a certificate renewed since (更新受験) was superseded, linking to the latest one; no such line otherwise', async () => {
    const newer = { credentialId: 'c2', credentialUrl: 'http://localhost/api/v1/credentials/c2', certificateSlug: 'N3WSLUG99' };
    fakeVerificationApi('K7QF2M9A', () => json(aCertificateVerification({ slug: 'K7QF2M9A', supersededBy: { certificateSlug: 'N3WSLUG99' } })), () => json(aCredentialLink({ supersededBy: newer })));
    const { unmount } = visit('K7QF2M9A');

    const notice = await screen.findByText('この認定証は更新されました。', { exact: false });
    expect(notice.textContent).toBe('この認定証は更新されました。最新の認定証');
    expect(screen.getByRole('link', { name: '最新の認定証' }).getAttribute('href')).toBe('/certificates/verify/N3WSLUG99');
    // Superseded is not revoked: the certificate is still what it was.
    expect(screen.getByText('この認定証は有効です。')).toBeInTheDocument();
    unmount();

    jest.restoreAllMocks();
    fakeVerificationApi('N3WSLUG99', () => json(aCertificateVerification({ slug: 'N3WSLUG99' })));
    visit('N3WSLUG99');
    expect(await screen.findByText('この認定証は有効です。')).toBeInTheDocument();
    await screen.findByRole('link', { name: aCredentialLink().credentialUrl });
    expect(document.body.textContent).not.toContain('この認定証は更新されました。');
  });

  it('still confirms the certificate when its credential cannot be read, and says so', async () => {
    fakeVerificationApi('K7QF2M9A', () => json(aCertificateVerification({ slug: 'K7QF2M9A' })), () => json({ message: 'エラー', status: 503, code: 'SERVICE_UNAVAILABLE' }, 503));
    visit('K7QF2M9A');

    expect(await screen.findByText('この認定証は有効です。')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain('デジタル認定証の情報を読み込めませんでした。');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says when the certificate has expired', async () => {
    fakeVerificationApi('OLD1', () => json(aCertificateVerification({ slug: 'OLD1', status: 'expired' })));
    visit('OLD1');

    expect(await screen.findByText('この認定証は有効期限が切れています。')).toBeInTheDocument();
    expect(document.body.textContent).toContain('状態有効期限切れ');
    expect(screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ（期限切れ）' })).toBeInTheDocument();
  });

  it('says clearly that an unknown certificate was not found', async () => {
    fakeVerificationApi('NOPE', () => json({ message: '見つかりません', status: 404, code: 'NOT_FOUND' }, 404));
    visit('NOPE');

    expect(await screen.findByText('この認定証は見つかりませんでした。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '認定証の確認' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('有効です');
  });
});
