import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';

// Item 2 of the desk's-day issue: a sheet read as French desks type it, and a sheet naming its trips.

const service = useService({ routes: 100 });
const book = (args: string[]) => runCli(['--base-url', service.base, 'book', ...args]);
const folder = mkdtempSync(join(tmpdir(), 'motoroute-desk-typed-'));
const added: string[] = [];
let twoPlaces: string;

beforeAll(() => {
  const stored = service.server.data.addTrip({
    depart: 'Paris',
    arrival: 'Lyon',
    date: addDays(FIXED_DAY, 5),
    time: '09:00',
    slots: [2],
  });
  added.push(stored.id);
  twoPlaces = stored.id;
});
afterAll(() => {
  for (const id of added) service.server.data.removeTrip(id);
  rmSync(folder, { recursive: true, force: true });
});

interface Doc {
  line: number;
  reference?: string;
  fields: Record<string, unknown>;
}
const docsOf = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Doc);

describe('a French desk\u2019s sheet', () => {
  it('reads formulas, written dates and Excel day numbers as desks type them, and keeps other columns aside', async () => {
    const file = join(folder, 'journee.csv');
    // FIXED_DAY is 10 December 2026: « 17 déc. » is this year's, « 7 décembre » next year's, « 9 janv. 2027 » says its year.
    writeFileSync(
      file,
      [
        'Départ;Arrivée;Date souhaitée;Formule;Nom;Agent;N° dossier;Téléphone',
        'Paris;Lyon;17 déc.;moto + pilote;Jean Martin;Léa;D-118;06.23.45.67.89',
        'Paris;Nice;9 janv. 2027;Moto seule;Zoé Roux;Léa;D-119;+33 (0)6 78 90 12 34',
        'Lyon;Nice;46375;sans pilote;Paul;Marc;;06 12 34 56 78',
        'Nice;Lyon;7 décembre;MOTO ET PILOTE;Inès;Marc;;0612345678',
      ].join('\r\n'),
    );
    const result = await book(['--from-file', file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('the column "Agent" is not read (not a request column); kept aside');
    expect(result.stderr).toMatch(/line 4: date 46375 read as 2026-12-19/);
    const docs = docsOf(result.stdout);
    expect(docs.map((doc) => [doc.fields.date, doc.fields.formula, doc.fields.phone])).toEqual([
      ['2026-12-17', 'rider', '06 23 45 67 89'],
      ['2027-01-09', 'moto-only', '+33 6 78 90 12 34'],
      ['2026-12-19', 'moto-only', '06 12 34 56 78'],
      ['2027-12-07', 'rider', '06 12 34 56 78'],
    ]);
    expect(docs[0]?.reference).toBe('D-118');
  });

  it('books the trip a Trajet column names, through the trip check', async () => {
    const file = join(folder, 'trajets.csv');
    writeFileSync(
      file,
      `Trajet;Formule;Nombre de motos;Nom;E-mail\r\n${twoPlaces};moto + pilote;2;Jean Martin;jean@example.fr\r\n`,
    );
    const result = await book(['--from-file', file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(docsOf(result.stdout)[0]?.fields).toMatchObject({
      from: 'Paris',
      to: 'Lyon',
      date: addDays(FIXED_DAY, 5),
      motorcycles: 2,
    });

    writeFileSync(
      file,
      `Trajet;Formule;Nombre de motos;Nom;E-mail\r\n${twoPlaces};moto + pilote;3;Jean Martin;jean@example.fr\r\nnope;moto seule;1;Paul;paul@example.fr\r\n`,
    );
    const full = await book(['--from-file', file, '--json']);
    expect(full.code).toBe(2);
    expect(full.stderr).toMatch(
      new RegExp(`^Error: .*trajets\\.csv line 2: Route ${twoPlaces} has 2 free motorcycle places on its fullest leg`),
    );
    const skipped = await book(['--from-file', file, '--json', '--skip-invalid']);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toBe('');
    expect(skipped.stderr).toMatch(/line 2: Route \d+ has 2 free motorcycle places.* Left out \(--skip-invalid\)\./);
    expect(skipped.stderr).toMatch(/line 3: .*nope/);
  });

  it('flags a row that gives neither e-mail nor phone, as book does', async () => {
    const file = join(folder, 'contact.csv');
    writeFileSync(file, `from,to,date,formula,name\nParis,Lyon,${addDays(FIXED_DAY, 6)},rider,Jean\n`);
    const result = await book(['--from-file', file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Warning: .*contact\.csv line 2: .* email (or|ou) phone/);
  });
});
