// Debian's chromium, as every browser test and benchmark here launches it (notes/stack-recipes.md):
// no background traffic or updates competing with the page. Playwright's own browsers are never downloaded.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
