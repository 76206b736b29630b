import { expect, test } from '@playwright/test';
import { logInAtProvider } from './support';

// The server's 429 itself is proved in server/test/rate-limits.int-spec.ts (real Redis, real limits);
// here the browser meets one, answered as the API answers it, and must tell the learner and undo the click.
const TOO_MANY = { message: 'リクエストが多すぎます。しばらくしてから再度お試しください', status: 429, code: 'TOO_MANY_REQUESTS' };

test('a write refused over the rate limit shows the error popup with the server’s words, and undoes the toggle', async ({ page }) => {
  await page.goto('/line-ads/courses/line-ads-basics');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, 'learner');
  await expect(page.getByText('山田 太郎さん')).toBeVisible();

  const toggle = page.getByRole('button', { name: /受講したいリスト(に追加|から外す)/ });
  const before = await toggle.getAttribute('aria-pressed');
  let refused = 0;
  await page.route('**/api/v1/learning-courses/*/is-favorite', async (route) => {
    refused += 1;
    await route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '30' }, body: JSON.stringify(TOO_MANY) });
  });
  await toggle.click();

  const popup = page.getByRole('alertdialog', { name: 'エラー' });
  await expect(popup).toContainText(TOO_MANY.message);
  expect(refused).toBe(1);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toHaveCount(0);
  // What the button claimed is undone: the server kept the old value.
  await expect(toggle).toHaveAttribute('aria-pressed', before ?? 'false');
});
