import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { parseCleanDrafts } from '../helpers/drafts.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';

// Issue 36, item 4: the desk's voice names a customer with the civility the desk gave (a `Civilité` column), stays
// neutral without one, and puts the customer's reference (`N° dossier`) in the subject, so that two customers on one
// trip get two subjects.

const service = useService({ routes: 100 });
const sheet = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk', 'journee-fr.xlsx');
const folder = mkdtempSync(join(tmpdir(), 'motoroute-civility-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const book = (args: string[]) =>
  runCli(['--base-url', service.base, '--lang', 'fr', 'book', '--voice', 'desk', '--from-file', ...args], {
    env: { MOTOROUTE_SIGNATURE: 'Léa Martin\\nAgence Motos Lyon' },
  });

/** The one draft whose subject holds `text`. */
function draftOf(drafts: Map<string, ParsedMail>, text: string): ParsedMail | undefined {
  const found = [...drafts.values()].filter((mail) => mail.subject?.includes(text));
  expect(found.map((mail) => mail.subject)).toHaveLength(1);
  return found[0];
}

describe('the desk’s wording of a customer', () => {
  it('uses the sample day’s Civilité and N° dossier, neutral where the civility is empty or unknown', async () => {
    const out = join(folder, 'day');
    const result = await book([sheet, '--out', out, '--skip-invalid']);
    expect(result.code, result.stderr).toBe(0);
    // Only Agent is set aside now: N° dossier and Civilité are read.
    expect(result.stderr).toMatch(/la colonne «\u202fAgent\u202f» n’est pas lue/);
    expect(result.stderr).not.toMatch(/dossier\u202f» n’est pas lue|Civilité\u202f» n’est pas lue/);
    expect(result.stderr).toMatch(/ligne 29\u00a0: civilité\u00a0: «\u202fDr\u202f» n’est ni Mme ni M\./);
    const drafts = await parseCleanDrafts(out);
    expect(drafts.size).toBe(28);

    // Rows 2 and 27: two customers on one trip (Paris → Marseille, 17 December), two subjects.
    const jean = draftOf(drafts, 'D-2026-100');
    const helene = draftOf(drafts, 'D-2026-125');
    expect(jean?.subject).toMatch(
      /^Demande de devis moto pour M\.\u00a0Jean Martin \(réf\.\u00a0D-2026-100\)\u00a0: Paris → Marseille, le \S+ 17 décembre 2026$/,
    );
    expect(helene?.subject).toMatch(
      /^Demande de devis moto pour Mme\u00a0Hélène Lefèvre \(réf\.\u00a0D-2026-125\)\u00a0: Paris → Marseille, le \S+ 17 décembre 2026$/,
    );
    expect(helene?.text).toContain('Nous souhaitons obtenir, au nom de Mme\u00a0Hélène Lefèvre, un devis');
    expect(helene?.text).toContain('Coordonnées de la cliente\u00a0:\n- Nom\u00a0: Mme\u00a0Hélène Lefèvre');
    expect(jean?.text).toContain('au nom de M.\u00a0Jean Martin, un devis pour le transport de sa moto\u00a0:');
    expect(jean?.text).toContain('Coordonnées du client\u00a0:');

    // Zoé Roux's rows leave the civility empty, François Müller's row 29 says `Dr`: both read neutrally.
    const zoe = [...drafts.values()].filter((mail) => mail.subject?.includes('Zoé Roux'));
    expect(zoe.length).toBeGreaterThanOrEqual(4);
    for (const mail of zoe) {
      expect(mail.text).toContain('au nom de Zoé Roux, un devis');
      expect(mail.text).toContain('Coordonnées de contact\u00a0:');
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/Mme|M\.\u00a0|client/);
    }
    const doctor = draftOf(drafts, 'D-2026-127');
    expect(doctor?.subject).toMatch(/pour François Müller \(réf\.\u00a0D-2026-127\)/);
    expect(doctor?.text).toContain('Coordonnées de contact\u00a0:');
  }, 60_000);

  it('reads the sample day’s CSV view as it reads the .xlsx (make-day.mjs writes both from one sheet)', async () => {
    const fromSheet = await book([sheet, '--json', '--skip-invalid']);
    const fromCsv = await book([sheet.replace(/\.xlsx$/, '.csv'), '--json', '--skip-invalid']);
    expect(fromSheet.code, fromSheet.stderr).toBe(0);
    expect(fromCsv.code, fromCsv.stderr).toBe(0);
    expect(fromSheet.stdout.trim().split('\n')).toHaveLength(28);
    expect(fromCsv.stdout).toBe(fromSheet.stdout);
  }, 60_000);

  it('stays neutral for two women in a file without a civility column, and tells them apart in the subject', async () => {
    const date = addDays(FIXED_DAY, 12);
    const file = join(folder, 'sans-civilite.csv');
    const french = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    writeFileSync(
      file,
      [
        'Départ;Arrivée;Date souhaitée;Formule;Nom;E-mail;Réf.',
        `Paris;Lyon;${french};moto + pilote;Hélène Lefèvre;helene@exemple.fr;A-17`,
        `Paris;Lyon;${french};moto seule;Inès Lemaître;ines@exemple.fr;`,
      ].join('\r\n'),
    );
    const out = join(folder, 'women');
    const result = await book([file, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/n’est pas lue/);
    const drafts = [...(await parseCleanDrafts(out)).values()];
    expect(drafts).toHaveLength(2);
    const subjects = drafts.map((mail) => mail.subject ?? '').sort();
    expect(subjects[0]).toMatch(
      /^Demande de devis moto pour Hélène Lefèvre \(réf\.\u00a0A-17\)\u00a0: Paris → Lyon, le /,
    );
    expect(subjects[1]).toMatch(/^Demande de devis moto pour Inès Lemaître\u00a0: Paris → Lyon, le /);
    expect(subjects[0]?.split('\u00a0: ')[1]).toBe(subjects[1]?.split('\u00a0: ')[1]);
    for (const mail of drafts) {
      expect(mail.text).toMatch(
        /au nom d’(Hélène Lefèvre|Inès Lemaître), un devis pour le transport de sa moto\u00a0:/,
      );
      expect(mail.text).toContain('Coordonnées de contact\u00a0:');
      expect(mail.text).not.toMatch(/cliente|client\b|Mme|Madame/);
    }
  }, 60_000);
});

describe('a reference too long for a subject', () => {
  it('drafts its row without it in the subject, with a note saying why, in French and in English', async () => {
    const date = addDays(FIXED_DAY, 12);
    const file = join(folder, 'longue-reference.csv');
    const french = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    const long = `DOSSIER-${'X'.repeat(37)}`;
    writeFileSync(
      file,
      [
        'Départ;Arrivée;Date souhaitée;Formule;Nom;E-mail;N° dossier',
        `Paris;Lyon;${french};moto + pilote;Hélène Lefèvre;helene@exemple.fr;${long}`,
      ].join('\r\n'),
    );
    for (const lang of ['fr', 'en'] as const) {
      const out = join(folder, `long-reference-${lang}`);
      const result = await runCli([
        '--base-url',
        service.base,
        '--lang',
        lang,
        'book',
        '--from-file',
        file,
        '--out',
        out,
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        lang === 'fr'
          ? 'ligne 2\u00a0: référence\u00a0: 45 caractères, plus que les 40 qu\u2019un objet porte\u202f; l\u2019objet ne la reprend pas (raccourcissez-la pour l\u2019y voir).'
          : 'reference: 45 characters, more than the 40 a subject carries; the subject leaves it out (shorten it to have it there).',
      );
      const drafts = [...(await parseCleanDrafts(out)).values()];
      expect(drafts).toHaveLength(1);
      expect(drafts[0]?.subject).not.toContain('DOSSIER');
    }
  }, 60_000);
});

describe('one request’s civility and reference, as flags', () => {
  const day = addDays(FIXED_DAY, 10);
  const one = (args: string[]) =>
    runCli(
      [
        '--base-url',
        service.base,
        '--lang',
        'fr',
        'book',
        '--voice',
        'desk',
        '--from',
        'Paris',
        '--to',
        'Marseille',
        '--date',
        day,
        '--formula',
        'moto + pilote',
        '--name',
        'Hélène Lefèvre',
        '--email',
        'helene@exemple.fr',
        ...args,
      ],
      { env: { MOTOROUTE_SIGNATURE: 'Léa Martin' } },
    );

  it('titles the customer and puts the reference in the subject, through the same use case as the rows', async () => {
    const result = await one(['--civility', 'madame', '--reference', 'D-77', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const drafted = JSON.parse(result.stdout) as { subject: string; body: string };
    expect(drafted.subject).toMatch(/^Demande de devis moto pour Mme\u00a0Hélène Lefèvre \(réf\.\u00a0D-77\)\u00a0: /);
    expect(drafted.body).toContain('au nom de Mme\u00a0Hélène Lefèvre');
  });

  it('refuses a civility it cannot read, in French, before any request', async () => {
    service.server.stats.reset();
    const result = await one(['--civility', 'Dr', '--json']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Erreur\u00a0: --civility\u00a0: «\u202fDr\u202f» n’est pas une civilité\u202f; écrivez Mme ou M. (ou rien).',
    );
    expect(service.server.stats.requests()).toBe(0);
  });

  it('leaves them to the rows with --from-file', async () => {
    const result = await book([sheet, '--out', join(folder, 'flags'), '--civility', 'Mme']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--civility');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
