import type { AdminCredential, AdminCredentialPage, CredentialRevocation } from '@campus/contracts/credentials';
import type { RevocationCategory } from '@campus/contracts/revocation-categories';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { adminCredentialsMachine, pageCountOf, REASON_REQUIRED_TEXT } from './admin-credentials.machine';

const item = (overrides: Partial<AdminCredential> = {}): AdminCredential => ({
  credentialId: 'c-1',
  certificateSlug: 'K7QF2M9A3B',
  learnerName: '山田 太郎',
  learnerEmail: 'taro@example.com',
  courseSlug: 'line-ads-basic',
  courseLabel: 'LINE広告 Basic',
  validFrom: '2026-04-10T03:00:00.000Z',
  validUntil: '2027-04-10T03:00:00.000Z',
  status: 'active',
  revokedAt: null,
  revocationCategory: null,
  reason: null,
  jsonUrl: 'https://campus.test/api/v1/credentials/c-1?format=json',
  ...overrides,
});

function start(page: number, q: string, setRevocation: (input: { credentialId: string; revoked: boolean; reason: string; category: RevocationCategory }) => Promise<CredentialRevocation>) {
  const loads: Array<{ q: string; offset: number }> = [];
  const changes: Array<{ credentialId: string; revoked: boolean; reason: string; category: RevocationCategory }> = [];
  const logic = adminCredentialsMachine.provide({
    actors: {
      loadPage: fromPromise<AdminCredentialPage, { q: string; offset: number }>(async ({ input }) => {
        loads.push(input);
        return { items: [item({ status: changes.length ? 'revoked' : 'active' }), item({ credentialId: 'c-2', status: 'revoked' })], total: 2, limit: 20, offset: input.offset };
      }),
      setRevocation: fromPromise<CredentialRevocation, { credentialId: string; revoked: boolean; reason: string; category: RevocationCategory }>(async ({ input }) => {
        changes.push(input);
        return setRevocation(input);
      }),
    },
  });
  return { actor: createActor(logic, { input: { q, page } }).start(), loads, changes };
}

describe('adminCredentialsMachine', () => {
  it('loads the page and search asked for', async () => {
    const { actor, loads } = start(3, 'taro', async () => ({ credentialId: 'c-1', revoked: true, revokedAt: null, category: null, reason: null }));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(loads).toEqual([{ q: 'taro', offset: 40 }]);
    expect(pageCountOf(41)).toBe(3);
    expect(pageCountOf(0)).toBe(1);
  });

  it('offers restoring a revoked one and revoking an active one, refusing a blank reason without asking the server', async () => {
    const { actor, loads, changes } = start(1, '', async (input) => ({ credentialId: input.credentialId, revoked: input.revoked, revokedAt: null, category: null, reason: input.reason }));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));

    actor.send({ type: 'START', credentialId: 'c-2' });
    expect(actor.getSnapshot().context.action?.revoke).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);

    actor.send({ type: 'START', credentialId: 'c-1' });
    expect(actor.getSnapshot().context.action?.revoke).toBe(true);
    actor.send({ type: 'REASON', value: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.reasonError).toBe(REASON_REQUIRED_TEXT);
    expect(changes).toEqual([]);

    actor.send({ type: 'REASON', value: ' 不正受験 ' });
    expect(actor.getSnapshot().context.reasonError).toBeNull();
    // What verifiers will be told: 'other' until the admin picks a category.
    expect(actor.getSnapshot().context.category).toBe('other');
    actor.send({ type: 'CATEGORY', value: 'misconduct' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.length === 2);
    expect(changes).toEqual([{ credentialId: 'c-1', revoked: true, reason: '不正受験', category: 'misconduct' }]);
    expect(actor.getSnapshot().context).toMatchObject({ action: null, notice: '認定証番号 K7QF2M9A3B のデジタル認定証を取り消しました。学習者に通知します。' });
  });

  it('keeps the form open with the server’s message when the change is refused', async () => {
    const { actor } = start(1, '', async () => {
      throw new ApiError({ message: 'デジタル認定証がみつかりませんでした', status: 404, code: 'NOT_FOUND' });
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'START', credentialId: 'c-1' });
    actor.send({ type: 'REASON', value: '確認のため' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && snapshot.context.actionError !== null);
    expect(actor.getSnapshot().context).toMatchObject({ actionError: 'デジタル認定証がみつかりませんでした', reason: '確認のため' });
  });
});
