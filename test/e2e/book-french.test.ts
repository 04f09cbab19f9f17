import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { addDays } from '../../src/domain/dates.js';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { PTY_DRIVER } from '../helpers/pty-driver.js';
import { useService } from '../helpers/service.js';
import { runPythonDriver } from '../helpers/terminal.js';

// Issue 36, item 5: with --lang fr, nothing `book` says about one request is English.

const service = useService({ routes: 200 });
const folder = mkdtempSync(join(tmpdir(), 'motoroute-book-fr-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const book = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['--base-url', service.base, '--lang', 'fr', 'book', ...args], { env });
const date = addDays(FIXED_DAY, 9);
const request = ['--from', 'Paris', '--to', 'Lyon', '--date', date, '--formula', 'rider'];

/** Words only an English sentence of `book` holds. */
const ENGLISH = /\b(the|give|cannot|with|and|or|only|anyway|Wrote|Interrupted|Choose|Find|exists|already)\b/;

/** The message of a refusal, without its `Erreur :` prefix, and checked to be French. */
function french(stderr: string): string {
  const text = stderr.replace(/^(Erreur|Attention|Error|Warning)\u00a0?: /gm, '');
  expect(text, stderr).not.toMatch(ENGLISH);
  return text;
}

describe('book in a French session', () => {
  it.each([
    [['a b'], /^«\u202fa b\u202f» n’est pas un identifiant de trajet\u00a0: .*Prenez la colonne id/],
    [
      [...request, '--return-trip', 'a/b'],
      /--return-trip\u00a0: «\u202fa\/b\u202f» n’est pas un identifiant de trajet.* Prenez la colonne id de motoroute search ARRIVÉE DÉPART\./,
    ],
    [
      [...request, '--cc', 'pas-une-adresse', '--eml', '-'],
      /--cc\u00a0: «\u202fpas-une-adresse\u202f» n’est pas une adresse e-mail\u202f; écrivez-la comme nom@example\.fr\./,
    ],
    [
      [...request, '--make', 'Honda', '--model', 'CB500F', '--motorcycle', 'BMW R1250'],
      /--make\/--model et --motorcycle décrivent tous deux les motos\u202f;/,
    ],
    [
      [...request, '--mailto', '--form'],
      /^--mailto et --form choisissent chacun ce qui est affiché\u202f; n’en donnez qu’un\.$/m,
    ],
    [
      [...request, '--json', '--mailto'],
      /^--json affiche toute la demande en un seul document\u202f; il ne va pas avec --mailto\.$/m,
    ],
    [[...request, '--eml', ' '], /^--eml demande un nom de fichier, ou - pour la sortie standard\.$/m],
    [[...request, '--eml', '-', '--open'], /^--eml - écrit le brouillon sur la sortie standard/m],
    [
      [...request, '--copy', '--json'],
      /^--copy copie le texte de l’e-mail ou un lien tel qu’affiché\u202f; il ne va pas avec --json\.$/m,
    ],
    [[...request, '--out', folder], /^--out, --skip-invalid, --yes et --encoding vont avec --from-file FICHIER\.$/m],
    [[...request, '--cc', 'client@example.fr'], /^--cc va dans le brouillon \.eml .*\u202f; ajoutez --eml FICHIER\.$/m],
    [
      [...request, '--format', 'csv'],
      /^book affiche un e-mail, pas des lignes\u00a0: --format csv n’est pas possible\u202f;/m,
    ],
    [[...request, '--fields', 'to'], /^book affiche toute la demande\u00a0: --fields n’est pas possible\u202f;/m],
    [
      ['--from', 'Paris'],
      /Donnez-les en options \(par exemple --from Paris .*\), ou lancez la commande dans un terminal/,
    ],
    [
      [...request, '--template', join(folder, 'absent.mustache')],
      /^--template\u00a0: impossible de lire .*absent\.mustache \(ENOENT\)\u202f; donnez un modèle Mustache/m,
    ],
  ])('%j is refused in French', async (args, said) => {
    const result = await book(args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(french(result.stderr)).toMatch(said);
  });

  it('says why a trip cannot be booked, and what to do, in French', async () => {
    const full = service.server.data.addTrip({ depart: 'Nantes', arrival: 'Lyon', date, time: '09:00', slots: [1] });
    try {
      const result = await book([full.id, '--formula', 'rider', '--motorcycles', '2']);
      expect(result.code, result.stderr).not.toBe(0);
      expect(french(result.stderr)).toMatch(
        /Choisissez un autre trajet \(motoroute .*search Nantes Lyon\), demandez moins de motos, ou ajoutez --force/,
      );
      const forced = await book([full.id, '--formula', 'rider', '--motorcycles', '2', '--force', '--text']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(french(forced.stderr)).toContain('Rédigée quand même (--force).');
      const unknown = await book(['999999', '--formula', 'rider']);
      expect(french(unknown.stderr)).toMatch(/Trouvez les identifiants avec\u00a0: motoroute search DÉPART ARRIVÉE/);
    } finally {
      service.server.data.removeTrip(full.id);
    }
  });

  it('writes a draft, refuses to write over a file, a link or a folder, in French', async () => {
    const file = join(folder, 'demande.eml');
    const written = await book([...request, '--eml', file]);
    expect(written.code, written.stderr).toBe(0);
    expect(french(written.stderr)).toContain(`Brouillon écrit dans ${file}\u00a0: ouvrez-le dans votre messagerie`);
    const again = await book([...request, '--eml', file]);
    expect(again.code).toBe(2);
    expect(french(again.stderr)).toContain(`--eml\u00a0: ${file} existe déjà\u202f; donnez un autre nom de fichier`);
    const link = join(folder, 'lien.eml');
    symlinkSync(file, link);
    expect(french((await book([...request, '--eml', link])).stderr)).toContain('est un lien symbolique');
    const sub = join(folder, 'dossier');
    mkdirSync(sub);
    expect(french((await book([...request, '--eml', sub])).stderr)).toContain('n’est pas un fichier');
  });

  it('says what it opened and what it copied in French', async () => {
    const opened = await book([...request, '--open', 'form'], { MOTOROUTE_NO_OPEN: '' });
    // No desktop here: opening fails, is said in French, and the link is printed to open by hand.
    if (opened.code === 0) expect(french(opened.stderr)).toMatch(/Formulaire ouvert \(navigateur\)\./);
    else expect(french(opened.stderr)).toMatch(/impossible d’ouvrir le formulaire \(.*\)\u202f; le voici/);
    const copied = await book([...request, '--copy', '--mailto'], { PATH: '', TERM: 'dumb' });
    expect(french(copied.stderr)).toMatch(/Le lien mailto: \(\d+ caractères\)|impossible de copier le lien mailto:/);
  });

  it('asks in French on a terminal, and says « Interrompu » when stopped', async () => {
    const rows = join(folder, 'demandes.csv');
    writeFileSync(rows, `from,to,date,formula,name\nParis,Lyon,${date},rider,Jeanne Dupont\n`);
    const preview = await runPythonDriver<{ code: number | null; screen: string; missed?: string }>(PTY_DRIVER, {
      argv: [
        process.execPath,
        CLI,
        '--base-url',
        service.base,
        '--lang',
        'fr',
        'book',
        '--from-file',
        rows,
        '--out',
        join(folder, 'out'),
      ],
      env: childEnv({ TERM: 'xterm' }),
      steps: [['\\(O/n\\)', ['\u0003'], 0.5]],
    });
    expect(preview.missed, preview.screen).toBeUndefined();
    expect(preview.code, preview.screen).toBe(130);
    expect(preview.screen).toContain('Interrompu\u00a0: aucun brouillon n’a été écrit.');

    const asking = await runPythonDriver<{ code: number | null; screen: string; missed?: string }>(PTY_DRIVER, {
      argv: [process.execPath, CLI, '--base-url', service.base, '--lang', 'fr', 'book'],
      env: childEnv({ TERM: 'xterm' }),
      steps: [['Ville de départ', ['\u0003'], 0.5]],
    });
    expect(asking.code, asking.screen).toBe(130);
    expect(asking.screen).toContain('Interrompu\u00a0: rien n’a été rédigé.');
  }, 30_000);

  it('sets a French template’s body in French typography, addresses and links as typed', async () => {
    const template = join(folder, 'typo.mustache');
    writeFileSync(
      template,
      [
        '{{greeting}}',
        '',
        'Trajet : {{from}} → {{to}}, le {{long_date}} !',
        'Départ à 8 h 30; prix 1 234,50 € ? « {{name}} »',
        "Écrivez-moi : {{email}} ou voyez https://exemple.fr/a:b?x=1;y=2 ! C'est tout.",
        '{{form_url}}',
        '',
      ].join('\n'),
    );
    const args = [...request, '--name', 'Jeanne Dupont', '--email', 'jeanne@example.fr', '--template', template];
    const result = await book([...args, '--text']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse((await book([...args, '--json'])).stdout) as { form_url: string };
    const body = result.stdout.slice(result.stdout.indexOf('\n\n') + 2);
    expect(body).toBe(
      [
        'Bonjour,',
        '',
        `Trajet\u00a0: Paris → Lyon, le ${formatLongDate(date, 'fr')}\u202f!`,
        'Départ à 8\u00a0h\u00a030\u202f; prix 1\u202f234,50\u00a0€\u202f? «\u202fJeanne Dupont\u202f»',
        'Écrivez-moi\u00a0: jeanne@example.fr ou voyez https://exemple.fr/a:b?x=1;y=2\u202f! C’est tout.',
        json.form_url,
        '',
      ].join('\n'),
    );
    // An English template is left as typed.
    const english = await runCli(['--base-url', service.base, '--lang', 'en', 'book', ...args, '--text']);
    expect(english.code, english.stderr).toBe(0);
    expect(english.stdout).toContain('Trajet : Paris → Lyon');
    expect(english.stdout).toContain('Départ à 8 h 30; prix 1 234,50 € ? « Jeanne Dupont »');
  });
});
