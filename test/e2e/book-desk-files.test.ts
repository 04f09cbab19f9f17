import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { parseCleanDrafts } from '../helpers/drafts.js';
import { useService } from '../helpers/service.js';

// Issue 25: the files a support desk really has, made by a real spreadsheet program (test/fixtures/desk/make-fixtures.mjs,
// gnumeric's ssconvert): one 30-row sheet saved six ways gives the same 29 drafts (one row has an invalid e-mail; eleven ask
// for Périgueux or Béziers, real towns the service does not serve: quotes for them as typed, with the served cities near).

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk');
const FORMS = [
  'demandes-excel-fr.csv',
  'demandes-excel-utf8.csv',
  'requests-windows-1252.csv',
  'demandes-unicode.txt',
  'demandes.xlsx',
  'demandes.ods',
];
const WINDOWS_1252 = new Set(['demandes-excel-fr.csv', 'requests-windows-1252.csv']);

const service = useService({ routes: 100 });
const folder = mkdtempSync(join(tmpdir(), 'motoroute-desk-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const book = (args: string[], env: Record<string, string> = {}) =>
  runCli(['--base-url', service.base, 'book', ...args], { env });

/** What a reader sees of a draft: the headers that matter and the text (Date and Message-ID differ from run to run). */
function seen(mail: ParsedMail): string {
  const replyTo = mail.replyTo?.value.map((entry) => entry.address).join(',');
  return JSON.stringify({
    to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
    replyTo,
    subject: mail.subject,
    text: mail.text,
  });
}

describe('book --from-file: the files a desk really has', () => {
  it('refuses each form while one row is invalid, naming it, before anything is written or asked', async () => {
    for (const form of FORMS) {
      const out = join(folder, `refused-${form}`);
      const result = await book(['--from-file', join(FIXTURES, form), '--out', out]);
      expect(result.code, form).toBe(2);
      expect(result.stderr, form).toMatch(
        /1 of 30 requests are invalid, so nothing was written [\s\S]*line 1[34]: email: "benoit\.leger@exemple" is not an e-mail address/,
      );
      expect(existsSync(out), form).toBe(false);
    }
    expect(service.server.stats.requests()).toBe(0);
  });

  it('gives the same 29 drafts from French Excel’s two CSV forms, Windows-1252, UTF-16, .xlsx and .ods, every accent right', async () => {
    const results = new Map<string, Map<string, ParsedMail>>();
    for (const form of FORMS) {
      const out = join(folder, `drafts-${form}`);
      const result = await book(['--from-file', join(FIXTURES, form), '--out', out, '--skip-invalid']);
      expect(result.code, `${form}: ${result.stderr}`).toBe(0);
      expect(result.stderr).toContain(`Wrote 29 drafts to ${out}.`);
      // The fallback is said once, and only when it happened.
      expect(result.stderr.split('read as Windows-1252').length - 1, form).toBe(WINDOWS_1252.has(form) ? 1 : 0);
      expect(result.stderr, form).toMatch(
        /line [67]: phone 612345678 read as 06 12 34 56 78 \(a spreadsheet dropped its leading 0\)\./,
      );
      expect(result.stderr, form).toContain('The drafts have no From: address');
      // A real town the service does not serve is a quote as typed, said with its line and the served cities near it.
      const perigueux = result.stderr.match(
        /(line|row) \d+: (from|to): Périgueux is not served; the quote asks for it as typed\. Served cities near it: /g,
      );
      expect(perigueux, form).toHaveLength(5);
      expect(result.stderr, form).not.toContain('is not a city the service serves');
      results.set(form, await parseCleanDrafts(out));
    }
    const [first, ...others] = [...results.values()];
    if (!first) throw new Error('no drafts');
    expect(first.size).toBe(29);
    expect([...first.keys()].filter((name) => /perigueux|beziers/.test(name))).toHaveLength(11);
    for (const [index, other] of others.entries()) {
      expect([...other.keys()], FORMS[index + 1]).toEqual([...first.keys()]);
      for (const [name, mail] of other)
        expect(seen(mail), `${FORMS[index + 1]} ${name}`).toBe(seen(first.get(name) as ParsedMail));
    }

    // 07/12/2036 is 7 December, with its accents, the comment keeps its comma and its line break.
    const anais = first.get('2036-12-07_orleans-lyon_anais-benard.eml');
    expect(anais?.subject).toBe('Demande de devis moto\u00a0: Orléans → Lyon, le dimanche 7 décembre 2036');
    expect(anais?.text).toContain('- Date souhaitée\u00a0: dimanche 7 décembre 2036\n');
    expect(anais?.text).toContain('- Nom\u00a0: Anaïs Bénard\n');
    expect(anais?.text).toContain(
      'Commentaire\u00a0: Carénage neuf, à manipuler avec soin\nLivraison après 18\u00a0h\n',
    );
    // œ is the byte 0x9C in Windows-1252, which Latin-1 would turn into a control character.
    const cecile = [...first.entries()].find(([name]) => name.includes('cecile-duboeuf'))?.[1];
    expect(cecile?.text).toContain('- Nom\u00a0: Cécile Dubœuf\n');
    const helene = [...first.entries()].find(([name]) => name.includes('helene-gaetan'))?.[1];
    expect(helene?.text).toContain('- Téléphone\u00a0: 06 12 34 56 78\n');
    expect(
      new URL(/https:\S+/.exec(anais?.text?.split('formulaire en ligne')[1] ?? '')?.[0] ?? '').searchParams.get(
        'depart',
      ),
    ).toBe('Orléans');
    // The cities are checked against the served ones: one listing read a file, and cities-near once a town the service
    // does not serve (Périgueux and Béziers), however many rows name it.
    const stats = service.server.stats;
    expect(stats.requests('/route/get/results')).toBe(FORMS.length);
    expect(stats.requests('/route/cities-near')).toBe(2 * FORMS.length);
    expect(stats.requests() - stats.requests('/route/get/results') - stats.requests('/route/cities-near')).toBe(0);
  });

  it('follows --encoding, and refuses bytes that are not in it', async () => {
    const file = join(FIXTURES, 'demandes-excel-fr.csv');
    const wrong = await book(['--from-file', file, '--out', join(folder, 'wrong'), '--encoding', 'utf-8']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^Error: .*demandes-excel-fr\.csv is not valid UTF-8 text; give the encoding it was saved in with --encoding/,
    );
    const right = await book(['--from-file', file, '--json', '--skip-invalid', '--encoding', 'cp1252']);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stderr).not.toContain('read as Windows-1252');
    expect(right.stdout).toContain('"name":"Cécile Dubœuf"');
    const bad = await book(['--from-file', file, '--json', '--encoding', 'ebcdic']);
    expect(bad.stderr).toBe(
      'Error: --encoding: "ebcdic" is not an encoding motoroute reads; use utf-8, utf-16le, utf-16be, windows-1252.\n',
    );
  });

  it('refuses a file that is no table in one line naming what it looks like, never printing its bytes', async () => {
    const pdf = join(folder, 'demandes.pdf');
    writeFileSync(
      pdf,
      Buffer.concat([
        Buffer.from('%PDF-1.7\n%'),
        Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0, 1, 2, 0x1b]),
        Buffer.from('\n1 0 obj\n'),
      ]),
    );
    const docx = join(folder, 'demandes.csv');
    writeFileSync(
      docx,
      Buffer.concat([
        Buffer.from('PK\u0003\u0004'),
        Buffer.alloc(26, 1),
        Buffer.from('word/document.xml'),
        Buffer.from([0, 0x1b, 7]),
      ]),
    );
    for (const [file, looksLike] of [
      [pdf, 'a PDF document'],
      [docx, 'a Word document \\(\\.docx\\), not a spreadsheet'],
      [join(FIXTURES, 'demandes.xls'), 'an Excel 97-2003 workbook \\(\\.xls: save it as \\.xlsx or CSV\\)'],
    ] as const) {
      const out = join(folder, 'never');
      const result = await book(['--from-file', file, '--out', out]);
      expect(result.code, file).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^Error: --from-file: \\S+ looks like ${looksLike}; give a CSV or text file \\(, ; or tab between values\\), NDJSON, an \\.xlsx or \\.ods spreadsheet\\.\\n$`,
        ),
      );
      expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('refuses a spreadsheet cut short in one line naming it so, before anything is written', async () => {
    const damaged = join(folder, 'abîmé.ods');
    writeFileSync(damaged, readFileSync(join(FIXTURES, 'demandes.ods')).subarray(0, 3000));
    const out = join(folder, 'never-damaged');
    const result = await book(['--from-file', damaged, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: \S+abîmé\.ods: the workbook is incomplete \(cut short: a copy or a download that stopped\?\); save it again, or as CSV\.\n$/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('reads a ; file typed by hand with J/M/AAAA dates, and names a two-digit year', async () => {
    const file = join(folder, 'tapé.csv');
    writeFileSync(
      file,
      'Départ;Arrivée;Date souhaitée;Formule;Nom\nParis;Nîmes;7/12/2036;moto seule;Zoé\nLyon;Nice;7/12/36;avec pilote;Noël\n',
    );
    const result = await book(['--from-file', file, '--json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /line 3: date: "7\/12\/36" has a 2-digit year; write it in full, like 07\/12\/2036\./,
    );
    const fixed = await book(['--from-file', file, '--json', '--skip-invalid']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({
      line: 2,
      fields: { from: 'Paris', to: 'Nîmes', date: '2036-12-07' },
    });
  });
});
