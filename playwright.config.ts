import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, PLAYWRIGHT_CHROMIUM_PATH } from './infra/scripts/chromium.mjs';

// `npm test` passes free ports and a fresh PostgreSQL database; a bare `npx playwright test` falls back
// to fixed ports and an embedded database in a temporary folder.
const port = Number(process.env.E2E_PORT ?? 3400);
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3401);
/** The dev mail catcher's inbox page (npm start runs it): the mail specs read what the campus sent there. */
export const mailInboxPort = Number(process.env.E2E_MAIL_PORT ?? 3402);
export const baseURL = `http://localhost:${port}`;


/**
 * Specs that touch nothing another spec reads: brand-new learners of their own (`learner-new+<tag>`)
 * on a course whose exam no other spec changes, and visitors' pages no other spec counts. They run
 * beside the others. Not among them: visual.spec.ts (its learner takes the course
 * exam-accommodations.spec.ts shortens) and page-metadata.spec.ts (its page views of /line-ads would
 * come between the ones analytics-log.spec.ts orders).
 */
const OWN_STATE_SPECS = ['agreements', 'exam-layout', 'exam-standing', 'headings', 'new-learner'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'client/e2e',
  fullyParallel: false,
  // Two browsers at a time at most, and of the specs that share the demo learner, the admin and the
  // courses' exam settings, only one: they run in file order, as they were written to.
  workers: 2,
  projects: [
    { name: 'own-state', testMatch: OWN_STATE_SPECS },
    { name: 'shared-accounts', testIgnore: OWN_STATE_SPECS, workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each campus of `npm test` has its own (infra/scripts/e2e-run.mjs): Playwright empties it at start.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.tmp/playwright-results',
  // One baseline per screenshot name, the same on every machine (no browser or platform suffix):
  // client/e2e/__screenshots__/visual.spec.ts/home-1280.png. `npm run test:visual:update` rewrites them.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL,
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: PLAYWRIGHT_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  webServer: {
    command: 'node infra/scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DEV_IDP_PORT: String(idpPort),
      DEV_MAIL_PORT: String(mailInboxPort),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // A fresh embedded database per run when no PostgreSQL database was handed over.
      DATA_DIR: path.join(tmpdir(), `campus-e2e-${Date.now().toString(36)}`),
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX ?? `e2e-${port}`,
      LOG_LEVEL: 'warn',
      // The specs log in and browse from one address for minutes; limits stay on, ten times higher.
      RATE_LIMIT_SCALE: '10',
      // The trackers are configured as in production; tests stub or ignore their scripts (no internet here).
      TAG_MANAGER_ID: 'GTM-CAMPUSE2E',
      LINE_TAG_ID: '5b7d0c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f',
    },
  },
});
