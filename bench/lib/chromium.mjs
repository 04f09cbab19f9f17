// Chromium as the browser tests (test/runtimes/) and the desk page's bench drive it: one list of flags for both.

/** Debian's Chromium, driven through playwright-core (`npx playwright install` cannot download here). */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless on a closed network: no sandbox as root, and none of the background requests this machine refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
