import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.js';

// The desk's page in headless Chromium (Debian's, driven by playwright-core), served by the built `motoroute desk`
// and opened from the link it prints: search, pick a trip, compose, download the .eml, switch to English, a refusal.

const service = useService({ routes: 200 });
const state: { child?: ChildProcess; folder?: string; browser?: BrowserContext; page?: Page; errors: string[] } = {
  errors: [],
};
let onePlace = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium, as .ci/run does)`);
  onePlace = service.server.data.addTrip({
    depart: 'Paris',
    arrival: 'Marseille',
    date: FIXED_DAY,
    time: '09:00',
    slots: [1],
  }).id;
  const child = spawn(process.execPath, [CLI, '--base-url', service.base, 'desk', '--no-open'], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  state.child = child;
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  for (let waited = 0; waited < 15_000 && !stdout.includes('\n') && child.exitCode === null; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  if (!stdout.includes('\n')) throw new Error(`motoroute desk printed no link: ${stderr}`);
  state.folder = mkdtempSync(join(tmpdir(), 'motoroute-desk-page-'));
  state.browser = await chromium.launchPersistentContext(join(state.folder, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
    acceptDownloads: true,
  });
  const page = state.browser.pages()[0] ?? (await state.browser.newPage());
  page.on('pageerror', (error) => state.errors.push(error.message));
  await page.goto(stdout.trim(), { timeout: 30_000 });
  state.page = page;
}, 90_000);

afterAll(async () => {
  service.server.data.removeTrip(onePlace);
  await state.browser?.close();
  if (state.child && state.child.exitCode === null) {
    const exited = new Promise((resolve) => state.child?.on('close', resolve));
    state.child.kill('SIGTERM');
    await exited;
  }
  if (state.folder) rmSync(state.folder, { recursive: true, force: true });
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2 A and AA violations axe-core finds on the page as it stands (run through the DevTools protocol, which the page's CSP does not govern). */
async function wcagViolations(): Promise<string[]> {
  const p = page();
  if (!(await p.evaluate('typeof axe !== "undefined"'))) await p.evaluate(AXE_SOURCE);
  const result = (await p.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))",
  )) as unknown;
  if (!Array.isArray(result)) throw new Error('axe-core gave no result');
  return result.map(String);
}

function page(): Page {
  if (!state.page) throw new Error('the page is not open');
  return state.page;
}

async function searchParisMarseille(): Promise<void> {
  const p = page();
  await p.getByLabel(/Départ|From/).fill('Paris');
  await p.getByLabel(/Arrivée|To/).fill('Marseille');
  await p.getByLabel('Date').fill(FIXED_DAY);
  await p.getByRole('button', { name: /Rechercher|Search/ }).click();
  await p.locator('#trips li').first().waitFor();
}

describe('the desk page in Chromium', () => {
  it('searches Paris → Marseille, composes the French e-mail and downloads it as an unsent .eml', async () => {
    const p = page();
    expect(await p.getAttribute('html', 'lang')).toBe('fr');
    await p.locator('#cities option[value="Paris"]').waitFor({ state: 'attached' });
    expect(await wcagViolations()).toEqual([]);
    expect(await p.locator('#cities option[value="Marseille"]').count()).toBe(1);
    await searchParisMarseille();
    expect(await wcagViolations()).toEqual([]);
    await p.locator('#trips button', { hasText: '09:00' }).first().click();
    expect(await p.locator('#trip-check').textContent()).toContain('1 place(s) libre(s)');
    expect(await wcagViolations()).toEqual([]);
    await p.getByLabel('Nom').fill('Jeanne Dupont');
    await p.getByLabel('E-mail').fill('jeanne@example.fr');
    await p.getByRole('button', { name: "Rédiger l'e-mail" }).click();
    await p.locator('#preview-section:not([hidden])').waitFor();
    expect(await p.locator('#body').textContent()).toMatch(/^Bonjour/);
    expect(await wcagViolations()).toEqual([]);
    const subject = (await p.locator('#subject').textContent()) ?? '';
    expect(subject).toMatch(/Paris/);
    await p.screenshot({ path: join(state.folder ?? tmpdir(), 'desk.png'), fullPage: true });
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Télécharger le brouillon (.eml)' }).click(),
    ]);
    const file = join(state.folder ?? tmpdir(), 'draft.eml');
    await download.saveAs(file);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.headers.get('x-unsent')).toBe('1');
    expect(mail.subject).toBe(subject);
    expect(mail.subject).toMatch(/Marseille/);
    expect(existsSync(join(state.folder ?? tmpdir(), 'desk.png'))).toBe(true);
    expect(state.errors).toEqual([]);
  }, 60_000);

  it('switches to English, and refuses a trip too small with the reason `book` gives', async () => {
    const p = page();
    await p.getByRole('button', { name: 'English' }).click();
    expect(await p.getAttribute('html', 'lang')).toBe('en');
    expect(await wcagViolations()).toEqual([]);
    await searchParisMarseille();
    await p.locator('#trips button', { hasText: '09:00' }).first().click();
    await p.getByLabel('Motorcycles').fill('2');
    await p.getByRole('button', { name: 'Compose the e-mail' }).click();
    await p.locator('#refusal li').first().waitFor();
    expect(await wcagViolations()).toEqual([]);
    expect(await p.locator('#refusal').textContent()).toMatch(
      /1 free motorcycle place on its fullest leg, and 2 motorcycles were asked for/,
    );
    expect(state.errors).toEqual([]);
  }, 60_000);
});
