import type { CredentialVerification } from '@campus/contracts/credentials';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { fakeSession } from '../../test/fake-session';
import { renderWithRouter } from '../../test/render-with-router';
import { AppShell } from '../shell/app-shell';
import { CredentialVerifierPage } from './credential-verifier-page';

const routes: RouteObject[] = [{ element: <AppShell />, children: [{ path: '/certificates/verify', Component: CredentialVerifierPage }] }];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const aVerification = (overrides: Partial<CredentialVerification> = {}): CredentialVerification => ({
  signature: 'valid',
  reasons: [],
  issuer: { id: 'did:web:campus.example.jp', name: 'マーケティング学習キャンパス', url: 'https://campus.example.jp', isThisCampus: true },
  subject: { name: null },
  achievementName: 'LINE広告 Basic',
  validFrom: '2026-04-01T03:00:00.000Z',
  validUntil: '2027-04-01T03:00:00.000Z',
  status: 'valid',
  statusNote: null,
  format: 'jwt',
  credential: {},
  ...overrides,
});

/** The verification API answering in order; every request's body recorded. Anything else is a test failure. */
function fakeVerifierApi(...answers: Array<() => Response | Promise<Response>>) {
  const bodies: unknown[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path !== '/api/v1/credential-verifications' || init?.method !== 'POST') throw new Error(`unexpected call ${init?.method} ${path}`);
    bodies.push(JSON.parse(String(init.body)));
    return answers.shift()!();
  });
  return { bodies, fetchMock };
}

// A visitor: the page needs no login.
const visit = () => renderWithRouter(routes, { at: '/certificates/verify', session: fakeSession({ me: null }) });
const factOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('CredentialVerifierPage (/certificates/verify)', () => {
  it('verifies a pasted credential and says, in Japanese, what holds', async () => {
    const { bodies } = fakeVerifierApi(() => json(aVerification()));
    visit();
    expect(await screen.findByRole('heading', { level: 1, name: 'デジタル認定証の検証' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('デジタル認定証の検証 - マーケティング学習キャンパス'));

    fireEvent.change(screen.getByLabelText('認定証（JSONまたはJWT）'), { target: { value: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln' } });
    fireEvent.click(screen.getByRole('button', { name: '確認する' }));

    expect(await screen.findByText('署名は有効です。この認定証は発行者が発行したときのままです。')).toHaveAttribute('role', 'status');
    expect(bodies).toEqual([{ credential: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln' }]);
    expect(factOf('署名')).toBe('有効');
    expect(factOf('発行者')).toBe('マーケティング学習キャンパスこのキャンパスdid:web:campus.example.jphttps://campus.example.jp');
    expect(factOf('対象者')).toBe('氏名は含まれていません');
    expect(factOf('認定内容')).toBe('LINE広告 Basic');
    expect(factOf('有効期間')).toBe('2026年4月1日 〜 2027年4月1日');
    expect(factOf('現在の状態')).toBe('有効');
    expect(screen.queryByText('無効な理由')).toBeNull();
  });

  it('lists the reasons of an invalid signature, and tells a revocation with its date and kind', async () => {
    fakeVerifierApi(
      () => json(aVerification({ signature: 'invalid', reasons: ['署名が内容と一致しません。認定証が書き換えられているか、別の鍵で署名されています'], status: 'unknown', statusNote: '署名を確認できないため、状態は判断できません' })),
      () => json(aVerification({ status: 'revoked', revokedAt: '2026-05-01T00:00:00.000Z', revocationCategory: 'issued-in-error', subject: { name: '佐藤 花子' }, issuer: { id: 'did:key:z6Mk', name: null, url: null, isThisCampus: false } })),
    );
    visit();
    fireEvent.change(await screen.findByLabelText('認定証（JSONまたはJWT）'), { target: { value: '{"@context": []}' } });
    fireEvent.click(screen.getByRole('button', { name: '確認する' }));

    expect(await screen.findByText('署名は無効です。この認定証の内容は確かめられませんでした。')).toBeInTheDocument();
    const reasons = screen.getByRole('heading', { name: '無効な理由' }).parentElement!;
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['署名が内容と一致しません。認定証が書き換えられているか、別の鍵で署名されています']);
    expect(factOf('署名')).toBe('無効');
    expect(factOf('現在の状態')).toBe('確認できませんでした署名を確認できないため、状態は判断できません');

    fireEvent.click(screen.getByRole('button', { name: '確認する' }));
    await screen.findByText('署名は有効です。この認定証は発行者が発行したときのままです。');
    expect(factOf('現在の状態')).toBe('取り消し（2026年5月1日・誤発行）');
    expect(factOf('対象者')).toBe('佐藤 花子');
    expect(factOf('発行者')).toBe('（名称の記載なし）did:key:z6Mk');
  });

  it('reads a chosen badge image in the browser and sends it as base64', async () => {
    const { bodies } = fakeVerifierApi(() => json(aVerification()));
    visit();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    fireEvent.change(await screen.findByLabelText('ファイルを選ぶ'), { target: { files: [new File([png], 'badge.png', { type: 'image/png' })] } });

    await screen.findByText('署名は有効です。この認定証は発行者が発行したときのままです。');
    expect(bodies).toEqual([{ png: 'iVBORw0KGgoBAgM=' }]);
    expect(screen.getByText('選んだファイル: badge.png')).toBeInTheDocument();
  });

  it('reads a dropped JSON file as text', async () => {
    const { bodies } = fakeVerifierApi(() => json(aVerification({ format: 'data-integrity' })));
    visit();
    const zone = (await screen.findByText(/ここにドロップ/)).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['{"@context":["https://www.w3.org/ns/credentials/v2"]}'], 'credential.json', { type: 'application/json' })] } });

    await screen.findByText('署名は有効です。この認定証は発行者が発行したときのままです。');
    expect(bodies).toEqual([{ credential: '{"@context":["https://www.w3.org/ns/credentials/v2"]}' }]);
    expect(factOf('形式')).toBe('JSON（Data Integrity 証明）');
  });

  it('refuses a file over 1 MB before sending anything', async () => {
    const { fetchMock } = fakeVerifierApi();
    visit();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText('ファイルを選ぶ'), { target: { files: [big] } });

    expect(await screen.findByRole('alert')).toHaveTextContent('ファイルが大きすぎます（1MBまで）');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s reason by the input when it is no credential, without a popup', async () => {
    fakeVerifierApi(() => json({ message: '署名のないJWT（alg: none）は受け付けられません', status: 400, code: 'VALIDATION_FAILED', field: 'credential' }, 400));
    visit();
    const input = await screen.findByLabelText('認定証（JSONまたはJWT）');
    fireEvent.change(input, { target: { value: 'eyJhbGciOiJub25lIn0.e30.' } });
    fireEvent.click(screen.getByRole('button', { name: '確認する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('署名のないJWT（alg: none）は受け付けられません');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('署名のないJWT（alg: none）は受け付けられません');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for input when nothing was pasted', async () => {
    const { fetchMock } = fakeVerifierApi();
    visit();
    fireEvent.click(await screen.findByRole('button', { name: '確認する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('認定証（JSONまたはJWT）を貼り付けるか、ファイルを選んでください');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers 再試行 when the campus could not be reached, and sends the same again', async () => {
    const { bodies } = fakeVerifierApi(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(aVerification()),
    );
    visit();
    fireEvent.change(await screen.findByLabelText('認定証（JSONまたはJWT）'), { target: { value: 'a.b.c' } });
    fireEvent.click(screen.getByRole('button', { name: '確認する' }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('確認できませんでした。');
    fireEvent.click(within(failure).getByRole('button', { name: '再試行' }));
    await screen.findByText('署名は有効です。この認定証は発行者が発行したときのままです。');
    expect(bodies).toEqual([{ credential: 'a.b.c' }, { credential: 'a.b.c' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
