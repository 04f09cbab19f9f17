import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.js';

// The desk's page in headless Chromium (Debian's, driven by playwright-core), served by the built `motoroute desk`
// and opened from the link it prints: search, pick a trip, compose, download the .eml, drop the day's file and
// download its drafts, switch to English, a refusal. DESK_SCREENSHOT=docs/desk.png also writes the page's picture
// there (`npm run screenshot:desk` refreshes the README's).

const DAY_SHEET = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk', 'journee-fr.xlsx');

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
    // A desk's screen in France; the picture the README shows stays small.
    locale: 'fr-FR',
    viewport: { width: 960, height: 720 },
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
  await p.locator('#status', { hasText: /^\d+ (trajet|trip)\(s\)\.$/ }).waitFor();
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
    expect(await p.locator('#trip-check').textContent()).toContain('1 place libre sur le tronçon le plus chargé');
    expect(await wcagViolations()).toEqual([]);
    await p.getByLabel('Nom').fill('Jeanne Dupont');
    await p.getByLabel('E-mail').fill('jeanne@example.fr');
    // The civility the desk chooses (never guessed from the name) and the customer's reference reach the e-mail.
    await p.getByLabel('Civilité').selectOption('Mme');
    await p.getByLabel('Référence client').fill('D-2026-042');
    await p.getByRole('button', { name: 'Rédiger l\u2019e-mail' }).click();
    await p.locator('#preview-section:not([hidden])').waitFor();
    expect(await p.locator('#body').textContent()).toMatch(/^Bonjour/);
    expect(await p.locator('#body').textContent()).toContain('- Nom\u00a0: Mme\u00a0Jeanne Dupont');
    expect(await wcagViolations()).toEqual([]);
    expect(await p.locator('#preview-section strong').textContent()).toBe('Objet\u00a0:');
    const subject = (await p.locator('#subject').textContent()) ?? '';
    expect(subject).toMatch(/^Demande de réservation moto \(réf\.\u00a0D-2026-042\)\u00a0: Paris → Marseille/);
    // Copy puts the body alone on the clipboard; the ticket's copy is a short Markdown block of the request.
    await state.browser?.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(p.url()).origin });
    await p.getByRole('button', { name: 'Copier le texte' }).click();
    await p.locator('#status', { hasText: 'Copié.' }).waitFor();
    expect(await p.evaluate('navigator.clipboard.readText()')).toBe(await p.locator('#body').textContent());
    await p.getByRole('button', { name: 'Copier pour le ticket' }).click();
    // The same summary as `book --format markdown`: one home (booking/ticket.ts), the civility and reference shown.
    await expect.poll(() => p.evaluate('navigator.clipboard.readText()')).toMatch(/^### Réservation transport moto/);
    const ticket = String(await p.evaluate('navigator.clipboard.readText()')).split('\n');
    expect(ticket[0]).toBe('### Réservation transport moto\u00a0: Paris \u2192 Marseille');
    expect(ticket).toContain(`- **Trajet**\u00a0: trajet ${onePlace}`);
    expect(ticket).toContain('- **Date**\u00a0: jeudi 10 décembre 2026');
    expect(ticket).toContainEqual(expect.stringMatching(/^- \*\*Tarif affiché\*\*\u00a0: de 299\u00a0€ à \d+\u00a0€$/));
    expect(ticket).toContain('- **Contact**\u00a0: Mme\u00a0Jeanne Dupont, jeanne@example.fr');
    expect(ticket).toContain('- **Référence**\u00a0: D-2026-042');
    expect(ticket).toContainEqual(
      expect.stringMatching(/^- \*\*Objet\*\*\u00a0: Demande de réservation moto \(réf\.\u00a0D-2026-042\)/),
    );
    expect(ticket).toContainEqual(expect.stringMatching(/^- \*\*Envoyée à\*\*\u00a0: \S+@\S+$/));
    const picture = join(state.folder ?? tmpdir(), 'desk.png');
    await p.screenshot({ path: picture, fullPage: true });
    if (process.env.DESK_SCREENSHOT) copyFileSync(picture, process.env.DESK_SCREENSHOT);
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

  it("reads the day's dropped file into a table of its rows, and downloads its drafts and a report as a .zip", async () => {
    const p = page();
    // A drop as the browser makes it: a DataTransfer holding the file (built in the page, whose types the tests lack).
    const dataTransfer = await p.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob('${readFileSync(DAY_SHEET).toString('base64')}'), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'journee-fr.xlsx'));
      return transfer;
    })()`);
    await p.dispatchEvent('#day-drop', 'drop', { dataTransfer });
    await p.locator('#day-section:not([hidden])').waitFor();
    const rows = p.locator('#day-rows tr');
    expect(await rows.count()).toBe(30);
    expect(await p.locator('#day-rows tr.drafted').count()).toBe(28);
    // The real mistakes only: a past date (row 14) and a town that does not exist (row 25); row 18's Pontarlier, a real
    // town the service does not serve, is a quote with the served cities near it, marked for a look.
    const refused = p.locator('#day-rows tr.refused');
    expect(await refused.count()).toBe(2);
    expect(await refused.locator('th').allTextContents()).toEqual(['14', '25']);
    expect(await refused.first().locator('td').first().textContent()).toBe('Refusée');
    const reason = (await refused.first().locator('td').nth(1).textContent()) ?? '';
    expect(reason).toMatch(/est passée/);
    expect(await refused.nth(1).locator('td').nth(1).textContent()).toMatch(
      /«\s?Saint-Quelquepart\s?» n’est pas une ville desservie\./,
    );
    // The same reason `book --from-file` gives for that row.
    const book = await runCli(['--base-url', service.base, '--lang', 'fr', 'book', '--from-file', DAY_SHEET, '--json']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(`ligne 14\u00a0: ${reason}`);
    expect(await p.locator('#status').textContent()).toBe('journee-fr.xlsx\u00a0: 28 brouillon(s), 2 refusée(s).');
    expect(await wcagViolations()).toEqual([]);

    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Tout télécharger (.zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('brouillons-journee-fr.zip');
    const file = join(state.folder ?? tmpdir(), 'day.zip');
    await download.saveAs(file);
    const entries = unzipSync(readFileSync(file));
    const drafts = Object.keys(entries).filter((name) => name.endsWith('.eml'));
    expect(drafts).toHaveLength(28);
    const report = strFromU8(entries['rapport.txt'] ?? new Uint8Array());
    expect(report).toMatch(/^journee-fr\.xlsx\u00a0: 28 brouillons, 2 demandes refusées \(30 lignes\)\.\r\n/);
    expect(report).toContain(`ligne 14\u00a0: refusée \u2014 ${reason}`);
    // Row 17's `Marseile` is drafted as Marseille, and the report says so.
    expect(report).toMatch(/«\u202fMarseile\u202f» lu comme Marseille\./);
    expect(drafts.some((name) => name.includes('marseile'))).toBe(false);
    for (const name of drafts) expect(report).toContain(`brouillon ${name}`);
    const first = await simpleParser(Buffer.from(entries[drafts[0] ?? ''] ?? new Uint8Array()));
    expect(first.headers.get('x-unsent')).toBe('1');
    expect(first.text).toMatch(/^Bonjour/);

    // A draft marked as sent stays marked when the file is chosen again.
    const sentOf = (line: number) =>
      p.locator('#day-rows tr', { has: p.locator('th', { hasText: new RegExp(`^${line}$`) }) }).getByLabel('Envoyé');
    await sentOf(2).check();
    await p.getByLabel('Fichier de demandes (.xlsx, .ods, .csv)').setInputFiles(DAY_SHEET);
    await p.locator('#day-section:not([hidden])').waitFor();
    await p.locator('#day-rows tr').nth(29).waitFor();
    expect(await sentOf(2).isChecked()).toBe(true);
    expect(await sentOf(3).isChecked()).toBe(false);
    expect(await wcagViolations()).toEqual([]);
    expect(state.errors).toEqual([]);
  }, 90_000);

  it('switches to English, and refuses a trip too small with the reason `book` gives', async () => {
    const p = page();
    await p.getByRole('button', { name: 'English' }).click();
    expect(await p.getAttribute('html', 'lang')).toBe('en');
    expect(await p.locator('#civility option').allTextContents()).toEqual(['—', 'Ms', 'Mr']);
    expect(await wcagViolations()).toEqual([]);
    await searchParisMarseille();
    expect(await wcagViolations()).toEqual([]);
    await p.locator('#trips button', { hasText: '09:00' }).first().click();
    expect(await p.locator('#trip-check').textContent()).toContain('1 free place on its fullest leg');
    expect(await wcagViolations()).toEqual([]);
    await p.getByRole('button', { name: 'Compose the e-mail' }).click();
    await p.locator('#preview-section:not([hidden])').waitFor();
    expect(await p.locator('#body').textContent()).toMatch(/^Hello/);
    expect(await wcagViolations()).toEqual([]);
    await p.getByLabel('Motorcycles').fill('2');
    await p.getByRole('button', { name: 'Compose the e-mail' }).click();
    await p.locator('#refusal li').first().waitFor();
    expect(await wcagViolations()).toEqual([]);
    const said = (await p.locator('#refusal li').first().textContent()) ?? '';
    expect(said).toMatch(/1 free motorcycle place on its fullest leg, and 2 motorcycles were asked for/);
    const book = await runCli([
      '--base-url',
      service.base,
      'book',
      onePlace,
      '--formula',
      'rider',
      '--motorcycles',
      '2',
      '--email',
      'jeanne@example.fr',
    ]);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(said);
    expect(state.errors).toEqual([]);
  }, 60_000);

  it("reads the day's chosen file in English, the table and the report in English", async () => {
    const p = page();
    await p.getByLabel('File of requests (.xlsx, .ods, .csv)').setInputFiles(DAY_SHEET);
    await p.locator('#status', { hasText: 'journee-fr.xlsx: 28 draft(s), 2 refused.' }).waitFor();
    expect(await p.locator('#day-rows tr.refused td').first().textContent()).toBe('Refused');
    expect(await p.getByRole('columnheader', { name: 'Request or reason' }).count()).toBe(1);
    expect(await wcagViolations()).toEqual([]);
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Download all (.zip)' }).click(),
    ]);
    const file = join(state.folder ?? tmpdir(), 'day-en.zip');
    await download.saveAs(file);
    const entries = unzipSync(readFileSync(file));
    const report = strFromU8(entries['report.txt'] ?? new Uint8Array());
    expect(report).toMatch(/^journee-fr\.xlsx: 28 drafts, 2 requests refused \(30 rows\)\.\r\n/);
    expect(report).toContain('"Marseile" read as Marseille.');
    expect(state.errors).toEqual([]);
  }, 90_000);
});
