import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// The project's rule: every bad input is refused in one line, in the session's language, with exit code 2 and
// nothing sent. Here a French session (--lang fr) and the commands' own refusals (not the option kinds').

const service = useService({ routes: 200 });
const french = (...args: string[]) => runCli(['--base-url', service.base, '--lang', 'fr', ...args]);
const english = (...args: string[]) => runCli(['--base-url', service.base, '--lang', 'en', ...args]);

beforeEach(() => service.server.stats.reset());

// Words an English sentence of ours cannot do without, and a French one never uses (flags and examples aside).
const ENGLISH = /\b(the|is|not|give|needs|cannot|must|use|only|either|holds|a query)\b/;

/** The words of a message, flags (--until-change), URLs and quoted examples left out. */
function prose(line: string): string {
  return line
    .replace(/'[^']*'/g, '')
    .replace(/\S*:\/\/\S*/g, '')
    .replace(/--[\w-]+/g, '');
}

const CASES: [string[], string][] = [
  [['search', 'Paris', 'Paris'], 'FROM et TO sont tous deux \u00ab\u202fParis\u202f\u00bb'],
  [['search', 'Paris', 'Marseille', '--all', '--page', '2'], '--all lit toutes les pages'],
  [['search', 'Paris', 'Marseille', '--flex', '2'], '--flex N élargit --date'],
  [['search', 'Paris', 'Marseille', '--return', '2026-12-20'], '--return demande --date (le jour de l\u2019aller).'],
  [['search', '--radius', '30'], '--radius élargit FROM et TO'],
  [['list', '--raw', '--format', 'csv'], '--raw écrit les enregistrements tels quels'],
  [['list', '--page', '2', '--radius', '3'], '--page et --radius ne s\u2019appliquent pas à list'],
  [['calendar', '--month', '2026-13'], '--month\u00a0: \u00ab\u202f2026-13\u202f\u00bb n\u2019est pas un mois'],
  [['near', ' '], 'near demande un lieu'],
  [['show', 'a b'], 'show demande un identifiant de trajet'],
  [
    ['watch', 'Paris', 'Marseille', '--every', '0'],
    '--every\u00a0: \u00ab\u202f0\u202f\u00bb n\u2019est pas une durée',
  ],
  [['watch', 'Paris', 'Marseille', '--once', '--until-change'], 'donnez l\u2019un des deux'],
  [['watch', '--notify', 'gopher://x'], 'n\u2019est pas une cible'],
  [['watch', '--notify', 'desktop://', '--quiet-hours', '07:00-07:00'], 'commence et finit à la même heure'],
  [['watch', '--test-notify'], '--test-notify concerne les alertes'],
  [['watch', '--exec', '"unclosed'], 'un guillemet double n\u2019est pas fermé'],
  [['batch', '--query', 'a:b:c:d:e'], 'trois deux-points au plus'],
  [['batch', '--query', 'Paris:Lyon:2026-12-20:2026-12-20', '--idempotency-key', 'é'], 'caractères ASCII imprimables'],
  [['job', 'wait', 'a b'], 'n\u2019est pas un identifiant de job'],
  [['completion', 'tcsh'], 'n\u2019est pas un shell pris en charge'],
  [['ask', ' '], 'ask demande une question'],
  [['api', '/a/../b'], 'remonte avec . ou ..'],
  [['api', '/route/ai/search', '--input', 'no-such-file.json'], 'impossible de lire no-such-file.json'],
  [['api', '/route/ai/search', '-H', 'Cookie: x'], 'motoroute n\u2019envoie aucun identifiant'],
  [['mcp', '--port', '3'], '--host, --port et --allow-origin vont avec --http'],
  [['serve', '--moved-status', '302'], '--moved-status demande --moved-to'],
  [['serve', '--moved-to', 'api'], '--moved-to\u00a0: doit être un chemin comme /api/v1'],
];

describe('a French session refuses bad input in French', () => {
  it.each(CASES)('%j', async (args, expected) => {
    const result = await french(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line.startsWith('Erreur\u00a0: ')).toBe(true);
    expect(line).toContain(expected);
    expect(prose(line)).not.toMatch(ENGLISH);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('refuses in French in a French locale too, without --lang', async () => {
    const result = await runCli(['--base-url', service.base, 'calendar', '--month', '2026-13'], {
      env: { LANG: 'fr_FR.UTF-8' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toBe(
      'Erreur\u00a0: --month\u00a0: \u00ab\u202f2026-13\u202f\u00bb n\u2019est pas un mois\u202f; utilisez AAAA-MM, par exemple 2026-12.',
    );
  });

  it('says the same refusals in English in an English session', async () => {
    const result = await english('watch', 'Paris', 'Marseille', '--every', '0');
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toBe('Error: --every: "0" is not a duration; use e.g. 30s, 5m, 1h or 1h30m.');
    const batch = await english('batch', '--query', ':::');
    expect(batch.code).toBe(2);
    expect(batch.stderr.trimEnd()).toBe(
      'Error: --query #1 ":::": give at least a city or a date, e.g. Paris:Marseille.',
    );
  });
});

describe('near says where it looked, or that the service could not place the name', () => {
  it('in French', async () => {
    const unplaced = await french('near', 'Pariss');
    expect(unplaced.code).toBe(0);
    expect(unplaced.stderr).toContain(
      'Aucune ville desservie près de \u00ab\u202fPariss\u202f\u00bb\u00a0: le service n\u2019a pas su situer ce lieu.',
    );
    expect(unplaced.stderr).not.toContain('unknown');
    const placed = await french('near', 'Lyon');
    expect(placed.code).toBe(0);
    expect(placed.stderr).toContain('Autour de Lyon (ville).');
    expect(placed.stderr).not.toContain('city:');
  });

  it('in English', async () => {
    const unplaced = await english('near', 'Pariss');
    expect(unplaced.stderr).toContain('No served city near "Pariss": the service could not place it.');
    const placed = await english('near', 'Lyon');
    expect(placed.stderr).toContain('Around Lyon (city).');
  });
});
