import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition of the page has ended: a popup fading in
 * (300 ms, spec §4) has its final colours only then, and axe measures the colours it sees. Waiting
 * rather than emulating reduced motion checks the page as most learners see it. Endless
 * animations (a loading spinner) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * The app has replaced the first frame the server writes into a page's HTML (its title and text, painted
 * before the app runs: e2e first-text.spec.ts). Until then a heading seen may be the frame's, which the app
 * takes away: a test that measures or reads elements, rather than acting through locators, waits for this.
 */
export async function appShown(page: Page): Promise<void> {
  await expect(page.locator('.first-frame')).toHaveCount(0);
}

/** Fails on serious or critical accessibility findings of the page once its animations have ended. */
export async function expectAccessible(page: Page): Promise<void> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Chromium logs every 4xx as a console error; GET /api/v1/me answers 401 by design to a browser whose
 * session has ended on the server (a visitor's page does not ask: truthful-pages.spec.ts checks it asks nothing).
 */
const isVisitorCheck = (text: string, url: string) => text.startsWith('Failed to load resource') && url.endsWith('/api/v1/me') && text.includes('401');

/**
 * Calls whose 404 is an answer the page shows, not a failure: no running exam on the exam page, no result yet
 * (spec §7: last-result's 404 is the caller's), a certificate code that does not exist, a digital
 * credential not signed yet (a few seconds after its certificate).
 */
const isAnswerNotFound = (text: string, url: string) =>
  text.startsWith('Failed to load resource') &&
  text.includes('404') &&
  (/\/certification-courses\/[^/]+\/(exam|last-result)$/.test(url) ||
    /\/certificate-verifications\/[^/]+(\/credential)?$/.test(url) ||
    /\/certificates\/[^/]+\/credential$/.test(url));

/**
 * An unknown page answers HTTP 404 with the 404 page (issue 18 §4: no soft 404); Chromium logs that
 * status for the page itself. A page path has no file extension; a missing script or image still counts.
 */
const isPageNotFound = (text: string, url: string) => {
  if (!text.startsWith('Failed to load resource') || !text.includes('404') || !url) return false;
  const { pathname } = new URL(url);
  return !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
};

/** The scripts of the tag manager and the ad tag the e2e campus is configured with (contracts/analytics-tags.ts). */
const TRACKER_SCRIPTS = ['https://www.googletagmanager.com/gtm.js', 'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js'];

/** The trackers' own servers cannot be reached from here (no internet), as with a learner's tracker blocker. */
const isTrackerUnreachable = (text: string, url: string) =>
  text.startsWith('Failed to load resource') && TRACKER_SCRIPTS.some((script) => url.startsWith(script));

/**
 * Records every layout shift of the page's loads, as the browser reports them (CLS counts those without
 * recent input). Call before `goto`; `layoutShiftsOf` reads them.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far: a shift is reported after the frame that made it, so two frames on, all are in. */
export async function layoutShiftsOf(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const url = message.location().url;
    if (
      message.type() === 'error' &&
      !isVisitorCheck(message.text(), url) &&
      !isAnswerNotFound(message.text(), url) &&
      !isTrackerUnreachable(message.text(), url) &&
      !isPageNotFound(message.text(), url)
    )
      problems.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The browser of a learner whose session the page cannot check (the tests then cut GET /me): the
 * session's readable hint cookie, without which the page knows a visitor and asks nothing.
 */
export async function withSignedInHint(page: Page, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: 'campus_signed_in', value: '1', url: baseURL! }]);
}

/** Logs in at the dev identity provider's page the browser is on (`learner-new+<tag>`: a brand-new learner per tag). */
export async function logInAtProvider(page: Page, loginId: 'learner' | 'learner-new' | `learner-new+${string}` | 'admin'): Promise<void> {
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード').fill('campus');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Logs a brand-new learner of the dev provider (`learner-new+<tag>`) in through the header and accepts the agreements. */
export async function logInNewLearner(page: Page, tag: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, `learner-new+${tag}`);
  const agreement = page.getByRole('alertdialog', { name: '利用規約とプライバシーポリシーへの同意' });
  await agreement.getByRole('button', { name: '同意する' }).click();
  await expect(agreement).toBeHidden();
}

/**
 * On an exam policy page, for a learner without a profile: 受験を開始する asks for one, the form (started
 * from the provider's names) is saved with these kana, and the second start opens the exam.
 */
export async function startExamRegisteringProfile(page: Page, kana: { lastName: string; firstName: string }): Promise<void> {
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  await page.getByRole('alertdialog', { name: 'プロフィールを登録してください' }).getByRole('button', { name: '登録する' }).click();
  await page.getByRole('textbox', { name: /^セイ/ }).fill(kana.lastName);
  await page.getByRole('textbox', { name: /^メイ/ }).fill(kana.firstName);
  await page.getByRole('button', { name: '保存する' }).click();
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
}

/**
 * A browser context of its own, logged in as `loginId` through the header's ログイン link, shown as `name`
 * (「<name>さん」), with the agreements accepted if this account had not yet.
 */
export async function openLoggedIn(browser: Browser, loginId: Parameters<typeof logInAtProvider>[1], name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, loginId);
  // The round trip through the provider loads two pages: under both campuses' load it has taken over 10 s.
  await expect(page.getByText(`${name}さん`)).toBeVisible({ timeout: 30_000 });
  const me = await (await page.request.get('/api/v1/me', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json();
  const agreement = page.getByRole('alertdialog', { name: '利用規約とプライバシーポリシーへの同意' });
  if (!me.hasAcceptedAgreements) await agreement.getByRole('button', { name: '同意する' }).click();
  await expect(agreement).toBeHidden();
  return page;
}

/**
 * Answers the trackers' scripts with an empty script, so the page's own queueing can be read
 * (`window.dataLayer`, `window._ltq`); returns the tracker script addresses the page asked for.
 */
export async function stubTrackerScripts(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  for (const script of TRACKER_SCRIPTS) {
    await page.route(`${script}*`, (route) => {
      loaded.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
  }
  return loaded;
}
