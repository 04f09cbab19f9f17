import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { parseCleanDrafts } from '../helpers/drafts.js';
import { useService } from '../helpers/service.js';

// The desk's-day issue's sample: 30 requests typed by a French desk, saved as .xlsx by a spreadsheet program
// (test/fixtures/desk/make-day.mjs), drafts every row but its two real mistakes (a past date, a town that does not
// exist), reads its typo'd town as the served one, asks a quote for the real town the service does not serve (with the
// served cities near it), and a rerun replaces nothing.

const service = useService({ routes: 100 });
const sheet = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk', 'journee-fr.xlsx');
const folder = mkdtempSync(join(tmpdir(), 'motoroute-desk-day-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const book = (args: string[]) =>
  runCli(['--base-url', service.base, '--lang', 'fr', 'book', '--from-file', sheet, ...args]);

describe('a French desk\u2019s day', () => {
  it('refuses only the real mistakes, one French line each, then drafts the 28 others twice over without replacing one', async () => {
    const out = join(folder, 'brouillons');
    const refused = await book(['--out', out]);
    expect(refused.code).toBe(2);
    // The note of the columns kept aside, then the error: its line, and one line a problem.
    const lines = refused.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/«\u202fAgent\u202f» n’est pas lue/);
    lines.shift();
    expect(lines[0]).toMatch(
      /^Erreur\u00a0: .*journee-fr\.xlsx\u00a0: 1 demande sur 30 est invalide, rien n’a donc été écrit/,
    );
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^ {2}ligne 14\u00a0: date .* est passée/)]);

    const first = await book(['--out', out, '--skip-invalid']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`28 brouillons écrits dans ${out}.`);
    expect(first.stderr).toMatch(
      /ligne 25\u00a0: [^\n]*«\s?Saint-Quelquepart\s?» n’est pas une ville desservie\.[^\n]*\n/,
    );
    // A real town the service does not serve is a quote, with the served cities near it for the desk to offer.
    expect(first.stderr).toMatch(
      /ligne 18\u00a0: arrivée\u00a0: Pontarlier n’est pas desservie\u202f; villes desservies proches\u00a0: Besançon[^\n]*\n/,
    );
    expect(first.stderr).toMatch(/ligne 22\u00a0: date\u00a0: 46375 se lit 19\/12\/2026/);
    // The correction is said, with its row, for the desk to check before sending.
    expect(first.stderr).toMatch(/ligne 17\u00a0: arrivée\u00a0: «\u202fMarseile\u202f» lu comme Marseille\./);
    expect(first.stderr).toMatch(/«\u202fAgent\u202f» n’est pas lue/);
    const written = new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]));
    expect(written.size).toBe(28);
    const drafts = await parseCleanDrafts(out);
    expect(drafts.size).toBe(28);
    // Row 17's `Marseile` is drafted as Marseille, never as typed; row 18's Pontarlier as typed.
    const names = [...written.keys()];
    expect(names.filter((name) => name.includes('marseile') || name.includes('quelquepart'))).toEqual([]);
    expect(names.filter((name) => name.includes('pontarlier'))).toHaveLength(1);
    expect(names).toContain('2026-12-21_paris-marseille_francois-muller.eml');

    const second = await book(['--out', out, '--skip-invalid']);
    expect(second.code, second.stderr).toBe(0);
    expect(readdirSync(out)).toHaveLength(56);
    for (const [name, bytes] of written) expect(readFileSync(join(out, name)).equals(bytes), name).toBe(true);
  }, 60_000);
});
