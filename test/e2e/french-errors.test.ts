import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// A French session says every bad input in French: one line headed `Erreur :`, exit 2, nothing sent. The words that
// would betray an English sentence left in it are listed here.
const ENGLISH =
  /\b(must|is not|was given|needs|give|use|unknown (?:option|command|field|setting)|missing|too many|argument missing|Did you mean)\b/i;

const service = useService({ routes: 20 });

async function french(args: string[], env: Record<string, string> = {}): Promise<string> {
  const before = service.server.stats.requests();
  const result = await runCli(['--base-url', service.base, ...args], { env: { NO_COLOR: '1', ...env } });
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^Erreur\u00a0: /);
  expect(result.stderr).not.toMatch(ENGLISH);
  expect(service.server.stats.requests()).toBe(before);
  return result.stderr.trimEnd();
}

describe('bad input in a French session', () => {
  it('an option kind: a whole number out of range', async () => {
    expect(await french(['--lang', 'fr', 'search', 'Paris', 'Marseille', '--limit', 'abc'])).toBe(
      'Erreur\u00a0: --limit\u00a0: \u00ab\u202fabc\u202f\u00bb doit être un nombre entier de 1 à 100.',
    );
  });

  it('a date that does not exist, also among book’s listed problems', async () => {
    expect(await french(['--lang', 'fr', 'book', '--date', '32/13/2026'])).toContain(
      '--date\u00a0: \u00ab\u202f32/13/2026\u202f\u00bb n\u2019est pas une date qui existe',
    );
    expect(
      await french(['--lang', 'fr', 'search', 'Paris', 'Marseille', '--after', 'mardi 7 décembre 2026']),
    ).toContain('le 07/12/2026 est un lundi, pas un mardi\u202f; vérifiez le jour.');
  });

  it('commander’s own errors: unknown option (with its suggestion, on the same line), missing value, extra argument', async () => {
    expect(await french(['--lang', 'fr', 'search', '--bogus'])).toBe(
      'Erreur\u00a0: option inconnue \u00ab\u202f--bogus\u202f\u00bb.',
    );
    expect(await french(['--lang', 'fr', 'search', '--limt', '3'])).toBe(
      'Erreur\u00a0: option inconnue \u00ab\u202f--limt\u202f\u00bb (vouliez-vous dire --limit\u202f?).',
    );
    expect(await french(['--lang', 'fr', 'search', '--sort'])).toBe(
      'Erreur\u00a0: l\u2019option --sort <key> attend une valeur.',
    );
    expect(await french(['--lang', 'fr', 'search', 'Paris', 'Marseille', 'Lyon'])).toContain(
      'trop d\u2019arguments pour \u00ab\u202fsearch\u202f\u00bb\u00a0: 2 attendus, 3 donnés',
    );
    expect(await french(['--lang', 'fr', 'serch'])).toContain('commande inconnue \u00ab\u202fserch\u202f\u00bb');
  });

  it('a global option’s bad choice, said in the language of the settings when --lang is the bad one', async () => {
    expect(await french(['--lang', 'de', 'search'], { MOTOROUTE_LANG: 'fr' })).toBe(
      'Erreur\u00a0: l\u2019option --lang <lang> n\u2019accepte pas \u00ab\u202fde\u202f\u00bb\u202f; valeurs possibles\u00a0: en, fr.',
    );
    expect(await french(['--format', 'x', '--lang', 'fr', 'search'])).toContain(
      'n\u2019accepte pas \u00ab\u202fx\u202f\u00bb',
    );
  });

  it('a French locale without --lang speaks French, before commander and after', async () => {
    const locale = { LANG: 'fr_FR.UTF-8' };
    expect(await french(['search', '--bogus'], locale)).toContain('option inconnue');
    expect(await french(['search', 'Paris', 'Marseille', '--limit', '0'], locale)).toContain('nombre entier');
    expect(await french(['search', '--json', 'id,date'], locale)).toBe(
      'Erreur\u00a0: --json ne prend pas de valeur\u202f; écrivez --json --fields id,date',
    );
  });

  it('settings, --fields and the base URL', async () => {
    expect(await french(['--lang', 'fr', '--timeout', 'abc', 'search', 'Paris', 'Marseille'])).toContain(
      'timeout\u00a0: \u00ab\u202fabc\u202f\u00bb doit être un nombre',
    );
    expect(await french(['--lang', 'fr', '--concurrency', '99', 'search', 'Paris', 'Marseille'])).toContain(
      '--concurrency\u00a0: \u00ab\u202f99\u202f\u00bb doit être un nombre entier de 1 à 8.',
    );
    expect(await french(['search', 'Paris', 'Marseille'], { MOTOROUTE_LANG: 'de', LANG: 'fr_FR.UTF-8' })).toContain(
      'lang\u00a0: \u00ab\u202fde\u202f\u00bb n\u2019est pas valide',
    );
    expect(await french(['--lang', 'fr', '--fields', 'bogus', 'search', 'Paris', 'Marseille'])).toContain(
      'champ inconnu \u00ab\u202fbogus\u202f\u00bb',
    );
    const configDir = mkdtempSync(join(tmpdir(), 'motoroute-french-config-'));
    afterAll(() => rmSync(configDir, { recursive: true, force: true }));
    writeFileSync(join(configDir, 'config.json'), '{bad', { mode: 0o600 });
    expect(
      await french(['search', 'Paris', 'Marseille'], { MOTOROUTE_CONFIG_DIR: configDir, LANG: 'fr_FR.UTF-8' }),
    ).toBe(
      `Erreur\u00a0: Le fichier de réglages ${join(configDir, 'config.json')} n\u2019est pas du JSON valide\u202f; corrigez-le, ou repartez de zéro avec\u00a0: rm '${join(configDir, 'config.json')}'`,
    );
    const plain = await runCli(['--lang', 'fr', '--base-url', 'http://example.com/v1', 'search', 'Paris', 'Marseille']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^Erreur\u00a0: Pas de http:\/\/ en clair vers example\.com\u00a0:/);
  });
});

describe('dates and cities read by the commands themselves, in a French session', () => {
  it('watch --until, a date range out of order, a positional city with a control character', async () => {
    expect(await french(['--lang', 'fr', 'watch', 'Paris', 'Marseille', '--until', 'someday'])).toContain(
      '--until\u00a0: \u00ab\u202fsomeday\u202f\u00bb n\u2019est pas une date',
    );
    expect(
      await french(['--lang', 'fr', 'search', 'Paris', 'Marseille', '--after', '2026-12-10', '--before', '2026-12-01']),
    ).toBe('Erreur\u00a0: --after (2026-12-10) est après --before (2026-12-01).');
    expect(await french(['--lang', 'fr', 'search', 'Par\u0001is', 'Marseille'])).toBe(
      'Erreur\u00a0: --from\u00a0: un nom de ville ne peut pas contenir de caractères de contrôle.',
    );
  });
});

describe('book and config in a French session', () => {
  it('book counts its problems in French, and the --open hint is French too', async () => {
    const said = await french(['--lang', 'fr', 'book', '--date', '32/13/2026', '--motorcycles', '0']);
    expect(said).toMatch(/^Erreur\u00a0: 2\u00a0problèmes\u00a0: \(1\) --date\u00a0: .* \(2\) --motorcycles\u00a0: /);
    expect(await french(['--lang', 'fr', 'book', '--open', 'bogus'])).toContain(
      'Un identifiant de trajet se place avant --open\u00a0: motoroute book ROUTE_ID --open.',
    );
  });

  it('book --from-file refuses a file it cannot read as requests in French', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'motoroute-french-file-'));
    try {
      const headerOnly = join(folder, 'vide.csv');
      writeFileSync(headerOnly, 'from,to,date,formula\n');
      expect(await french(['--lang', 'fr', 'book', '--from-file', headerOnly, '--json'])).toBe(
        `Erreur\u00a0: ${headerOnly} ne contient aucune demande, seulement une ligne d\u2019en-tête.`,
      );
      const twice = join(folder, 'deux.csv');
      writeFileSync(twice, 'from;Ville de départ;date\nParis;Lyon;07/12/2026\n');
      expect(await french(['--lang', 'fr', 'book', '--from-file', twice, '--json'])).toBe(
        `Erreur\u00a0: ${twice}, ligne 1\u00a0: la colonne from apparaît deux fois.`,
      );
      const ndjson = join(folder, 'demandes.ndjson');
      writeFileSync(ndjson, '{"from": "Paris"}\n{"from": \n');
      expect(await french(['--lang', 'fr', 'book', '--from-file', ndjson, '--json'])).toContain(
        `${ndjson}, ligne 2\u00a0: ce n\u2019est pas du JSON valide`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('show says in French that no upcoming trip has the id, and where to find ids (exit 4)', async () => {
    const result = await runCli(['--base-url', service.base, '--lang', 'fr', 'show', 'abc'], {
      env: { NO_COLOR: '1' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'Erreur\u00a0: Aucun trajet à venir n\u2019a l\u2019identifiant \u00ab\u202fabc\u202f\u00bb (le service ne liste ni les trajets passés ni les trajets complets). Trouvez les identifiants avec\u00a0: motoroute search DÉPART ARRIVÉE.\n',
    );
  });

  it('config refuses a bad key or value in French, and says what it did in French', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'motoroute-french-config-'));
    try {
      const env = { MOTOROUTE_CONFIG_DIR: configDir };
      expect(await french(['--lang', 'fr', 'config', 'set', 'rate', 'abc'], env)).toContain(
        '\u00ab\u202fabc\u202f\u00bb',
      );
      expect(await french(['--lang', 'fr', 'config', 'get', 'bogus'], env)).toContain('\u00ab\u202fbogus\u202f\u00bb');
      const unset = await runCli(['--lang', 'fr', 'config', 'unset', 'rate'], { env: { NO_COLOR: '1', ...env } });
      expect(unset.code).toBe(0);
      expect(unset.stderr).toBe(
        `rate n\u2019est pas fixé dans ${join(configDir, 'config.json')}\u202f; rien à retirer.\n`,
      );
      const set = await runCli(['--lang', 'fr', 'config', 'set', 'rate', '30'], { env: { NO_COLOR: '1', ...env } });
      expect(set.code).toBe(0);
      expect(set.stderr).toBe(`rate = 30 (enregistré dans ${join(configDir, 'config.json')})\n`);
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });
});

describe('the same bad input in English is said as before', () => {
  it.each([
    [['search', '--bogus'], "Error: unknown option '--bogus'\n"],
    [['search', '--limt', '3'], "Error: unknown option '--limt'\n(Did you mean --limit?)\n"],
    [
      ['search', 'Paris', 'Marseille', '--limit', 'abc'],
      'Error: --limit: "abc" must be a whole number from 1 to 100.\n',
    ],
    [
      ['--lang', 'de', 'search'],
      "Error: option '--lang <lang>' argument 'de' is invalid. Allowed choices are en, fr.\n",
    ],
    [['--concurrency', '99', 'search'], 'Error: --concurrency: "99" must be a whole number from 1 to 8.\n'],
  ])('%j', async (args, said) => {
    const result = await runCli(['--base-url', service.base, ...args], { env: { NO_COLOR: '1' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(said);
  });
});
