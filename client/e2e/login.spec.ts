import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

/** How long the logged-out tab is watched for a socket that comes back. */
const NO_RECONNECT_WINDOW_MS = 2_000;

test.describe('login through the dev identity provider', () => {
  test('a new learner logs in, accepts the agreements, and logs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('マーケティング学習キャンパス');
    await page.getByRole('link', { name: 'ログイン', exact: true }).click();

    // The provider's Japanese login page.
    await expect(page.getByRole('button', { name: 'キャンセル' })).toBeVisible();
    await page.getByLabel('ログインID').fill('learner-new');
    await page.getByLabel('パスワード').fill('campus');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();

    // Back at the campus, logged in, facing the non-dismissable agreement dialog.
    const dialog = page.getByRole('alertdialog', { name: '利用規約とプライバシーポリシーへの同意' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('popup-mask').click({ position: { x: 5, y: 5 }, force: true });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '同意する' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('新規 さくらさん')).toBeVisible();

    // The acceptance survives a reload (it was stored on the server).
    await page.reload();
    await expect(page.getByText('新規 さくらさん')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: '新規 さくらさん' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
    const me = await page.request.get('/api/v1/me', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(me.status()).toBe(401);
  });

  test('the registered demo learner comes back logged in to the page they started from', async ({ page }) => {
    await page.goto('/some/page/that/does/not/exist');
    await expect(page.getByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeVisible();
    await page.getByRole('link', { name: 'ログイン', exact: true }).click();
    await page.getByRole('button', { name: '山田 太郎でログイン' }).click();
    await expect(page).toHaveURL(/\/some\/page\/that\/does\/not\/exist$/);
    await expect(page.getByText('山田 太郎さん')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('cancelling at the provider returns to the page with a notice', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'ログイン', exact: true }).click();
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.getByRole('status')).toContainText('ログインがキャンセルされました。');
    await expectAccessible(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
  });

  test('logging out in one tab logs the other tab out too: its socket is ended and never comes back with the dead cookie', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'ログイン', exact: true }).click();
    await page.getByRole('button', { name: '山田 太郎でログイン' }).click();
    await expect(page.getByText('山田 太郎さん')).toBeVisible();

    const other = await context.newPage();
    const socketOpened = other.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
    await other.goto('/');
    await expect(other.getByText('山田 太郎さん')).toBeVisible();
    const socket = await socketOpened;
    const laterSockets: string[] = [];
    const closed = socket.waitForEvent('close');

    await page.getByRole('button', { name: '山田 太郎さん' }).click();
    other.on('websocket', (opened) => laterSockets.push(opened.url()));
    await page.getByRole('button', { name: 'ログアウト' }).click();

    // The other tab is told by its socket, not by a request of its own: logged-out header within seconds.
    await closed;
    await expect(other.getByRole('link', { name: 'ログイン', exact: true })).toBeVisible({ timeout: 5_000 });
    // A dead cookie must not bring the socket back: none opens within the window (socket.io would retry within 1–5 s).
    const reopened = await other.waitForEvent('websocket', { timeout: NO_RECONNECT_WINDOW_MS }).then((opened) => opened.url(), () => null);
    expect(reopened).toBeNull();
    expect(laterSockets).toEqual([]);
  });
});
