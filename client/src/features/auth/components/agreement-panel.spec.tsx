import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { aUser } from '../../../test/fixtures';
import { fakeSession } from '../../../test/fake-session';
import { renderWithRouter } from '../../../test/render-with-router';
import { AgreementPanel } from './agreement-panel';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const renderPanel = (session: ReturnType<typeof fakeSession>) =>
  renderWithRouter([{ path: '*', element: <AgreementPanel /> }], { session });

describe('AgreementPanel', () => {
  it('is not shown to a user who has accepted the agreements', async () => {
    const me = jest.fn(async () => aUser());
    renderPanel(fakeSession({ me }));
    await waitFor(() => expect(me).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for acceptance in a labelled modal dialog, disables 同意する while accepting, then closes', async () => {
    let accepted = false;
    const call = deferred<unknown>();
    renderPanel(
      fakeSession({
        me: async () => aUser({ hasAcceptedAgreements: accepted }),
        accept: () => call.promise,
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: '利用規約とプライバシーポリシーへの同意' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('利用規約とプライバシーポリシーへの同意が必要です');
    expect(dialog.textContent).not.toContain('Cloud Campus');
    expect(document.activeElement).toBe(dialog);

    const button = screen.getByRole('button', { name: '同意する' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.disabled).toBe(true);

    accepted = true;
    call.resolve({ termsVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the error and enables 同意する again when accepting fails', async () => {
    renderPanel(
      fakeSession({
        me: async () => aUser({ hasAcceptedAgreements: false }),
        accept: () =>
          Promise.reject(
            new ApiError({
              message: 'エラーが発生しました。時間をおいて再度お試しください',
              status: 500,
              code: 'INTERNAL_ERROR',
            }),
          ),
      }),
    );

    fireEvent.click(await screen.findByRole('button', { name: '同意する' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('エラーが発生しました。時間をおいて再度お試しください');
    const button = screen.getByRole('button', { name: '同意する' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('tells a Cloud Campus user that earlier badge data is carried over', async () => {
    renderPanel(fakeSession({ me: aUser({ hasAcceptedAgreements: false, canMigrateFromCloudCampus: true }) }));

    const dialog = await screen.findByRole('dialog', { name: '利用規約とプライバシーポリシーへの同意' });
    expect(dialog.textContent).toContain('Cloud Campus で取得したスキルバッジのデータが引き継がれます');
  });
});
