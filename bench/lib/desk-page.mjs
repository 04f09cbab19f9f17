// The desk's page (`motoroute desk`) in headless Chromium (Debian's, driven by playwright-core), as a desk opens it:
// from the one-time link to the search form answering (the session read, the served cities offered), and everything
// the browser fetched for it. Each run is a fresh desk and a fresh browser profile: a first load, nothing cached.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

/** Starts `motoroute desk --no-open` against `base` and resolves with its one-time link and a stop(). */
function startDesk(cli, base) {
  const child = spawn(process.execPath, [cli, '--base-url', base, 'desk', '--no-open'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`motoroute desk exited with ${code} before printing its link`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ url: line.trim(), stop });
    });
  });
}

/**
 * `runs` first loads of the desk's page: the milliseconds from navigation to the search form answering, and to the
 * served cities offered; the bytes transferred (bodies and headers of every response). Resolves with
 * { answersMs, citiesMs, bytes } (bytes of the last run).
 */
export async function measureDeskPage(cli, base, runs) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const answersMs = [];
  const citiesMs = [];
  let bytes = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const desk = await startDesk(cli, base);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const sizes = [];
        page.on('requestfinished', (request) => sizes.push(request.sizes()));
        const started = performance.now();
        await page.goto(desk.url, { waitUntil: 'commit' });
        // Answering: the page's script has wired the forms (it marks <html data-ready>); a search works from then on.
        await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
        answersMs.push(performance.now() - started);
        // Then the served cities offered as the departure and arrival are typed.
        await page.locator('#cities option').first().waitFor({ state: 'attached', timeout: 30_000 });
        citiesMs.push(performance.now() - started);
        await page.waitForLoadState('load');
        const all = await Promise.all(sizes);
        bytes = all.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0);
      } finally {
        await context.close();
        await desk.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return { answersMs, citiesMs, bytes };
}

/** Whether Chromium is there to measure the page with. */
export function hasChromium() {
  return existsSync(CHROMIUM);
}
