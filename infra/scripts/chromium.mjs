// Debian's chromium, as every browser test and benchmark here launches it (notes/stack-recipes.md):
// no background traffic or updates competing with the page. Playwright's own browsers are never downloaded.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Playwright specs' browser: Debian's chromium-headless-shell when installed (what Playwright itself
 * runs headless: the same Blink, without the full browser's UI processes; the end-to-end step took a
 * quarter less CPU with it here, and the visual baselines match), else the full chromium. Lighthouse keeps
 * the full browser: its scores are meant to be Chrome's.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const PLAYWRIGHT_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
