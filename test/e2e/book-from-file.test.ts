import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { parseCleanDrafts } from '../helpers/drafts.js';
import { useService } from '../helpers/service.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Item 6 of the support-desk issue: a day's requests from a spreadsheet, all checked first, then one draft a row.

const service = useService({ routes: 100 });
const book = (args: string[]) => runCli(['--base-url', service.base, 'book', ...args]);
const folder = mkdtempSync(join(tmpdir(), 'motoroute-requests-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const today = FIXED_DAY;
const CITIES = ['Paris', 'Lyon', 'Marseille', 'Nice', 'Bordeaux', 'Saint-Étienne', 'Besançon'];

/** 50 requests as CSV; `broken` maps a request index to a row replacing it. */
function csv(broken: Record<number, string> = {}): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    if (broken[index] !== undefined) return broken[index];
    const from = CITIES[index % CITIES.length]!;
    const to = CITIES[(index + 3) % CITIES.length]!;
    return `${from},${to},${addDays(today, 5 + (index % 20))},${index % 2 ? 'rider' : 'moto-only'},"Honda CB500F; Yamaha MT-07",Client ${index},client${index}@example.fr,"Note ${index}, fragile"`;
  });
  return ['from,to,date,formula,motorcycle,name,email,comment', ...rows].join('\r\n');
}

describe('book --from-file', () => {
  it('rejects a file of 50 requests with two invalid rows, naming both lines, and writes nothing', async () => {
    const file = join(folder, 'requests-bad.csv');
    writeFileSync(
      file,
      csv({ 6: `Paris,Lyon,${addDays(today, -2)},rider,,A,a@example.fr,`, 30: 'Nice,Nice,+3d,sidecar,,B,b@example,' }),
    );
    const out = join(folder, 'bad-out');
    const result = await book(['--from-file', file, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: .*requests-bad\.csv: 2 of 50 requests are invalid, so nothing was written/);
    // Line 1 is the header: request 6 is on line 8, request 30 on line 32.
    expect(result.stderr).toMatch(/line 8: date .* is in the past/);
    // One problem a line, each with its row.
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}line 8: date .* is in the past/),
      expect.stringMatching(/^ {2}line 32: formula: "sidecar" is not a formula/),
      expect.stringMatching(/^ {2}line 32: .*from and to are both "Nice"/),
      expect.stringMatching(/^ {2}line 32: email: "b@example" is not an e-mail address/),
    ]);

    const french = await runCli([
      '--base-url',
      service.base,
      '--lang',
      'fr',
      'book',
      '--from-file',
      file,
      '--out',
      out,
    ]);
    expect(french.code).toBe(2);
    expect(french.stderr).toMatch(
      /^Erreur\u00a0: .*requests-bad\.csv\u00a0: 2 demandes sur 50 sont invalides, rien n’a donc été écrit \(--skip-invalid écrit les autres\)\u00a0:\n {2}ligne 8\u00a0: /,
    );
    expect(() => readdirSync(out)).toThrow();
    expect(service.server.stats.requests()).toBe(0);

    const skipped = await book(['--from-file', file, '--out', out, '--skip-invalid']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toMatch(/Warning: .* line 8: .* Left out \(--skip-invalid\)\./);
    expect(readdirSync(out)).toHaveLength(48);
    expect((await parseCleanDrafts(out)).size).toBe(48);
  });

  it('writes 50 drafts once fixed, named from date, cities and customer', async () => {
    service.server.stats.reset();
    const file = join(folder, 'requests.csv');
    writeFileSync(file, csv());
    const out = join(folder, 'drafts');
    const result = await book(['--from-file', file, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Wrote 50 drafts to ${out}.`);
    const names = readdirSync(out).sort();
    expect(names).toHaveLength(50);
    expect((await parseCleanDrafts(out)).size).toBe(50);
    const first = `${addDays(today, 5)}_paris-nice_client-0.eml`;
    expect(names).toContain(first);
    const draft = await simpleParser(readFileSync(join(out, first)));
    expect(draft.headers.get('x-unsent')).toBe('1');
    expect(draft.subject).toMatch(/^Demande de devis moto : Paris → Nice, le /);
    expect(draft.replyTo?.value[0]?.address).toBe('client0@example.fr');
    expect(draft.text).toMatch(/- Motos : Honda CB500F, Yamaha MT-07\r?\n/);
    expect(draft.text).toContain('Commentaire : Note 0, fragile');
    // The rows' cities are spelled as served: one listing read for the whole file, before anything is written.
    expect(service.server.stats.requests('/route/get/results')).toBe(1);
    expect(service.server.stats.requests() - 1 - service.server.stats.requests('/route/cities-near')).toBe(0);
  });

  it('reads French headers and NDJSON, and prints NDJSON of the composed requests with --json', async () => {
    const french = join(folder, 'demandes.csv');
    writeFileSync(
      french,
      '\uFEFFVille de départ,Arrivée,Date souhaitée,Formule,Nom,Téléphone\nLyon,Nice,+3j,avec pilote,Jeanne,06 12 34 56 78\n',
    );
    const fromCsv = await book(['--from-file', french, '--json']);
    expect(fromCsv.code, fromCsv.stderr).toBe(0);
    const [doc] = fromCsv.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; fields: Record<string, unknown> });
    expect(doc).toMatchObject({
      line: 2,
      fields: { from: 'Lyon', to: 'Nice', date: addDays(today, 3), formula: 'rider', phone: '06 12 34 56 78' },
    });

    const ndjson = join(folder, 'requests.ndjson');
    writeFileSync(
      ndjson,
      [
        JSON.stringify({
          from: 'Paris',
          to: 'Lyon',
          date: addDays(today, 4),
          formula: 'moto-only',
          motorcycle: ['Ducati Monster', 'BMW R 1250 GS'],
          email: 'x@example.fr',
        }),
        JSON.stringify({ depart: 'Lille', arrivee: 'Brest', date: addDays(today, 6), formule: 'pilote', nom: 'Paul' }),
      ].join('\n'),
    );
    const fromJson = await book(['--from-file', ndjson, '--json']);
    expect(fromJson.code, fromJson.stderr).toBe(0);
    const docs = fromJson.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            line: number;
            fields: { motorcycle_models: string[]; motorcycles: number; from: string };
          },
      );
    expect(docs.map((item) => item.line)).toEqual([1, 2]);
    expect(docs[0]?.fields).toMatchObject({ motorcycle_models: ['Ducati Monster', 'BMW R 1250 GS'], motorcycles: 2 });
    expect(docs[1]?.fields.from).toBe('Lille');
  });

  it('reads quoted cells as spreadsheets write them (commas, quotes, a line break) and names each row by the line it starts on', async () => {
    const file = join(folder, 'quoted.csv');
    const date = addDays(today, 7);
    const header = 'from,to,date,formula,name,comment\r\n';
    const quoted = `Paris,Lyon,${date},rider,"Dupont, Jeanne","Two bikes, see ""notes"""\r\n`;
    writeFileSync(
      file,
      `${header}${quoted}Nice,Lyon,${date},rider,Paul,"first line\r\nsecond line"\r\nNice,Lyon,${date},sidecar,Paul,\r\n`,
    );
    const refused = await book(['--from-file', file, '--json']);
    expect(refused.code).toBe(2);
    // The comment on two lines is one cell of the row on line 3, kept with its line break; the next row starts on line 5.
    expect(refused.stderr).toMatch(/1 of 3 requests are invalid[\s\S]* line 5: formula: "sidecar"/);
    writeFileSync(file, `${header}${quoted}Nice,Lyon,${date},rider,Paul,"first line\r\nsecond line"\r\n`);
    const result = await book(['--from-file', file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const docs = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; body: string; fields: { name: string; comment: string } });
    expect(docs[0]).toMatchObject({ line: 2, fields: { name: 'Dupont, Jeanne', comment: 'Two bikes, see "notes"' } });
    expect(docs[1]).toMatchObject({ line: 3, fields: { comment: 'first line\nsecond line' } });
    expect(docs[1]?.body).toContain('Commentaire\u00a0: first line\nsecond line\n');
  });

  it('reads the requests from stdin with --from-file -', async () => {
    const date = addDays(today, 9);
    const result = await runCli(['--base-url', service.base, 'book', '--from-file', '-', '--json'], {
      input: `from,to,date,formula,name\nParis,Lyon,${date},rider,Jeanne\n`,
    });
    expect(result.code, result.stderr).toBe(0);
    const [doc] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; fields: Record<string, unknown> });
    expect(doc).toMatchObject({ line: 2, fields: { from: 'Paris', to: 'Lyon', date, name: 'Jeanne' } });
    const broken = await runCli(['--base-url', service.base, 'book', '--from-file', '-', '--json'], {
      input: `from,to,date,formula\nParis,Lyon,${date},sidecar\n`,
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^Error: stdin: 1 of 1 requests are invalid[\s\S]* line 2: /);
  });

  it('refuses request flags, a missing --out, and unknown columns', async () => {
    const file = join(folder, 'one.csv');
    writeFileSync(file, `from,to,date,formula\nParis,Lyon,${addDays(today, 3)},rider\n`);
    const cases: [string[], RegExp][] = [
      [['--from-file', file, '--out', folder, '--from', 'Paris'], /drop --from/],
      [['--from-file', file], /needs --out DIR .* or --json/],
      [['--out', folder], /--out, --skip-invalid, --yes and --encoding go with --from-file/],
    ];
    const unknown = join(folder, 'unknown.csv');
    writeFileSync(unknown, 'from,to,when\nParis,Lyon,today\n');
    // A column that is no request column is kept aside with a note; here the rows then lack their date.
    cases.push([
      ['--from-file', unknown, '--json'],
      /the column "when" is not read \(not a request column\); kept aside[\s\S]*line 2: missing date, formula\./,
    ]);
    for (const [args, message] of cases) {
      const result = await book(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('never replaces a draft: a second run into the same folder adds new names and leaves the first drafts as they were', async () => {
    const date = addDays(today, 8);
    const file = join(folder, 'twice.csv');
    // Two customers called Jean Martin on one trip, and a third row.
    writeFileSync(
      file,
      `from,to,date,formula,name\nParis,Lyon,${date},rider,Jean Martin\nParis,Lyon,${date},moto-only,Jean Martin\nNice,Lyon,${date},rider,Paul\n`,
    );
    const out = join(folder, 'twice');
    const first = await book(['--from-file', file, '--out', out]);
    expect(first.code, first.stderr).toBe(0);
    const jean = `${date}_paris-lyon_jean-martin`;
    const paul = `${date}_nice-lyon_paul`;
    expect(readdirSync(out).sort()).toEqual([`${jean}-2.eml`, `${jean}.eml`, `${paul}.eml`].sort());
    const before = new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]));

    // A link planted under the name the next run would take is passed over, and what it points to is left alone.
    const target = join(folder, 'not-a-draft.txt');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(out, `${paul}-2.eml`));
    const second = await book(['--from-file', file, '--out', out]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`Wrote 3 drafts to ${out}.`);
    expect(readdirSync(out).sort()).toEqual(
      [...before.keys(), `${jean}-3.eml`, `${jean}-4.eml`, `${paul}-2.eml`, `${paul}-3.eml`].sort(),
    );
    for (const [name, bytes] of before) expect(readFileSync(join(out, name)).equals(bytes), name).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect((await simpleParser(readFileSync(join(out, `${paul}-3.eml`)))).subject).toContain('Nice → Lyon');
  });
});
