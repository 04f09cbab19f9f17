import { describe, expect, it } from 'vitest';
import { API_WORDS } from '../../src/commands/api/words.js';
import { BATCH_WORDS } from '../../src/commands/batch/words.js';
import { COMPLETION_WORDS } from '../../src/commands/completion-words.js';
import { JOB_WORDS } from '../../src/commands/job-words.js';
import { LIST_WORDS } from '../../src/commands/list-words.js';
import { MCP_FLAG_WORDS } from '../../src/commands/mcp-words.js';
import { NEAR_WORDS } from '../../src/commands/near-words.js';
import { SEARCH_WORDS } from '../../src/commands/search/words.js';
import { SERVE_WORDS } from '../../src/commands/serve-words.js';
import { FILTER_WORDS } from '../../src/commands/shared/filter-words.js';
import { SHOW_WORDS } from '../../src/commands/show-words.js';
import { WATCH_REFUSALS } from '../../src/commands/watch/words.js';
import { parseBatchFile } from '../../src/domain/batch-file.js';
import { describeQuery, parseQuerySpec, toBatchQuery } from '../../src/domain/batch-query.js';
import { parseMonth } from '../../src/domain/calendar.js';
import { csvRecords } from '../../src/domain/csv-records.js';
import { decodeFileText, parseTextEncoding } from '../../src/domain/file-text.js';
import { INPUT_WORDS } from '../../src/domain/input-words.js';
import { webhookSecretProblem } from '../../src/notify/webhook-secret.js';
import { UsageError } from '../../src/errors.js';
import { CONFIG_WORDS } from '../../src/commands/config-words.js';
import { CONFIG_FILE_WORDS } from '../../src/config/key-words.js';
import { REQUEST_FILE_WORDS } from '../../src/booking/request-file-words.js';

const CATALOGUES = {
  API_WORDS,
  BATCH_WORDS,
  COMPLETION_WORDS,
  CONFIG_WORDS,
  CONFIG_FILE_WORDS,
  FILTER_WORDS,
  INPUT_WORDS,
  JOB_WORDS,
  LIST_WORDS,
  MCP_FLAG_WORDS,
  NEAR_WORDS,
  SEARCH_WORDS,
  SERVE_WORDS,
  SHOW_WORDS,
  WATCH_REFUSALS,
  // A file of requests that cannot be read as one (book --from-file, the desk's day).
  REQUEST_FILE_REFUSALS: { en: REQUEST_FILE_WORDS.en.file, fr: REQUEST_FILE_WORDS.fr.file },
};

/** Every French sentence of a catalogue, its functions called with sample words (numbers where they count). */
function frenchSentences(words: Record<string, unknown>): [string, string][] {
  return Object.entries(words).flatMap(([key, entry]): [string, string][] => {
    if (typeof entry === 'string') return [[key, entry]];
    if (typeof entry !== 'function') return [];
    // Words, then words and a list (the shells), then numbers and a list (a count of cells), until one fits.
    const samples = [
      ['--flag', 'valeur', 'suite', 'fin'],
      ['valeur', ['bash', 'zsh']],
      [2, 3, ['depart', 'arrival']],
    ];
    for (const sample of samples) {
      try {
        return [[key, String(entry(...sample))]];
      } catch {
        // The next sample.
      }
    }
    throw new Error(`${key}: no sample fits`);
  });
}

/** What French typography wants here: a no-break space before : and a narrow one before ; ? and inside « ». */
function typographyProblem(sentence: string): string | undefined {
  // Quoted command-line examples (--exec 'notify-send …', 'Nom: valeur') and URLs keep their own spelling.
  // So do the separators a CSV file may use, JSON examples and IPv6's ::1.
  const text = sentence
    .replace(/'[^']*'/g, '')
    .replace(/\S*:\/\/\S*/g, '')
    .replace('(, ; ou tabulation)', '')
    .replace(/\{[^}]*\}/g, '')
    .replace('::1', '');
  if (/ [:;?!]/.test(text)) return 'an ordinary space before : ; ? or !';
  if (/[^\s\u00a0\u202f][;?!](\s|$)/.test(text)) return 'no narrow no-break space before ; ? or !';
  if (/\S:\s/.test(text.replace(/\u00a0:/g, ''))) return 'no no-break space before :';
  if (/\u00ab(?!\u202f)|(?<!\u202f)\u00bb/.test(text)) return '« » without narrow no-break spaces inside';
  if (/[a-z]'[a-zéèêàâ]/i.test(text)) return 'a typewriter apostrophe';
  return undefined;
}

describe('the French of the refusal catalogues', () => {
  it.each(Object.entries(CATALOGUES))('%s says in French everything it says in English', (_name, catalogue) => {
    expect(Object.keys(catalogue.fr).sort()).toEqual(Object.keys(catalogue.en).sort());
  });

  it.each(Object.entries(CATALOGUES))('%s follows French typography', (_name, catalogue) => {
    const problems = frenchSentences(catalogue.fr as Record<string, unknown>)
      .map(([key, sentence]) => [key, typographyProblem(sentence), sentence])
      .filter(([, problem]) => problem !== undefined);
    // The older sentences of search's and batch's catalogues (their notes, not refusals) keep ordinary spaces for now.
    const older = OLDER_NOTES[_name] ?? [];
    expect(problems.filter(([key]) => !older.includes(String(key)))).toEqual([]);
  });

  it('words a sample of refusals as a French reader expects', () => {
    expect(WATCH_REFUSALS.fr.notADuration('--every', '0')).toBe(
      '--every\u00a0: \u00ab\u202f0\u202f\u00bb n\u2019est pas une durée\u202f; utilisez par exemple 30s, 5m, 1h ou 1h30m.',
    );
    expect(WATCH_REFUSALS.fr.endPast('2026-12-05')).toBe('--until\u00a0: le 05/12/2026 est déjà passé.');
    expect(FILTER_WORDS.fr.cityTwice('--to')).toBe(
      'Donnez la ville d\u2019arrivée une seule fois\u00a0: en argument ou avec --to.',
    );
    expect(INPUT_WORDS.fr.cellCount('q.csv ligne 3', 1, ['depart', 'arrival'])).toBe(
      'q.csv ligne 3\u00a0: 1 valeur pour 2 colonnes (depart,arrival).',
    );
    expect(SEARCH_WORDS.fr.returnBefore('2026-12-01', '2026-12-05')).toBe(
      '--return (2026-12-01) tombe avant --date (2026-12-05).',
    );
  });

  it('says where near looked, and that the service could not place a name, in both languages', () => {
    expect(NEAR_WORDS.en.none('Pariss', 'unknown')).toBe(
      'No served city near "Pariss": the service could not place it.',
    );
    expect(NEAR_WORDS.fr.none('Pariss', 'unknown')).toBe(
      'Aucune ville desservie près de \u00ab\u202fPariss\u202f\u00bb\u00a0: le service n\u2019a pas su situer ce lieu.',
    );
    expect(NEAR_WORDS.en.source('region:Île-de-France')).toBe('Around Île-de-France (region).');
    expect(NEAR_WORDS.fr.source('region:Île-de-France')).toBe('Autour d\u2019Île-de-France (région).');
    expect(NEAR_WORDS.fr.none('Annecy', 'city:Annecy')).toBe(
      'Aucune ville desservie près de \u00ab\u202fAnnecy\u202f\u00bb (autour d\u2019Annecy, ville).',
    );
    // A source the service may send that motoroute does not know is shown as sent.
    expect(NEAR_WORDS.en.source('geo:45,5')).toBe('Source: geo:45,5');
    expect(NEAR_WORDS.fr.source('geo:45,5')).toBe('Source\u00a0: geo:45,5');
  });
});

const OLDER_NOTES: Record<string, string[]> = {
  SEARCH_WORDS: Object.keys(SEARCH_WORDS.fr).filter(
    (key) =>
      ![
        'sameCity',
        'allWithPage',
        'asyncAlone',
        'pageOverFilters',
        'allWithLimit',
        'plannedAlone',
        'returnNeedsCities',
        'returnNeedsDate',
        'returnBefore',
      ].includes(key),
  ),
  BATCH_WORDS: ['trips', 'shown', 'book'],
};

const NOW = new Date('2026-12-10T10:00:00Z');

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no refusal');
}

describe('the domain readers: English by default, French when asked', () => {
  it('parseMonth', () => {
    expect(refusal(() => parseMonth('2026-13', '--month'))).toBe(
      '--month: "2026-13" is not a month; use YYYY-MM, e.g. 2026-12.',
    );
    expect(refusal(() => parseMonth('2026-13', '--month', 'fr'))).toBe(
      '--month\u00a0: \u00ab\u202f2026-13\u202f\u00bb n\u2019est pas un mois\u202f; utilisez AAAA-MM, par exemple 2026-12.',
    );
  });

  it('batch queries and files', () => {
    expect(refusal(() => parseQuerySpec(':::', 1, NOW, 'fr'))).toBe(
      '--query n\u00b0\u00a01 \u00ab\u202f:::\u202f\u00bb\u00a0: donnez au moins une ville ou une date, par exemple Paris:Marseille.',
    );
    expect(refusal(() => toBatchQuery({ town: 'Lyon' }, 'q.json [0]', NOW))).toBe(
      'q.json [0]: unknown field "town"; a query has only depart, arrival, date_from, date_to.',
    );
    expect(refusal(() => toBatchQuery({ town: 'Lyon' }, 'q.json [0]', NOW, 'fr'))).toBe(
      'q.json [0]\u00a0: champ inconnu \u00ab\u202ftown\u202f\u00bb\u202f; une requête n\u2019a que depart, arrival, date_from, date_to.',
    );
    expect(refusal(() => parseBatchFile('depart,arrival\nParis\n', 'q.csv', NOW, 'fr'))).toBe(
      'q.csv, ligne 2\u00a0: 1 valeur pour 2 colonnes (depart,arrival).',
    );
    expect(refusal(() => parseBatchFile('depart,arrival\nParis\n', 'q.csv', NOW))).toBe(
      'q.csv line 2: 1 value for 2 columns (depart,arrival).',
    );
    expect(refusal(() => parseBatchFile('{"queries": 3}', 'q.json', NOW, 'fr'))).toBe(
      'q.json\u00a0: "queries" doit être un tableau d\u2019objets requête.',
    );
    expect(describeQuery({ depart: 'Paris', date_from: '2026-12-01', date_to: '2026-12-05' }, 'fr')).toBe(
      'Paris → partout, du 01/12/2026 au 05/12/2026',
    );
    expect(describeQuery({ depart: 'Paris', date_from: '2026-12-01', date_to: '2026-12-05' })).toBe(
      'Paris → anywhere, 2026-12-01 to 2026-12-05',
    );
  });

  it('CSV records and text encodings', () => {
    expect(refusal(() => csvRecords('a,b\n"x,y\n', 'f.csv', ',', 'fr'))).toBe(
      'f.csv, ligne 2\u00a0: une valeur entre guillemets n\u2019est pas fermée.',
    );
    expect(refusal(() => parseTextEncoding('ebcdic', '--encoding', 'fr'))).toMatch(
      /^--encoding\u00a0: \u00ab\u202febcdic\u202f\u00bb n\u2019est pas un encodage que motoroute sait lire\u202f; utilisez /,
    );
    expect(refusal(() => decodeFileText(new Uint8Array([0xff, 0xfe, 0x00]), 'f.csv', 'utf-8', 'fr'))).toMatch(
      /^f\.csv n\u2019est pas un texte UTF-8 valide\u202f; donnez l\u2019encodage/,
    );
    // Windows-1252 text holding é written as UTF-8 (Ã©) on its second line.
    const mixed = new Uint8Array([0x65, 0xe9, 0x0a, 0xc3, 0xa9, 0xe9]);
    expect(refusal(() => decodeFileText(mixed, 'f.csv', undefined, 'fr'))).toMatch(
      /^f\.csv mêle deux encodages \(la ligne 2 contient/,
    );
  });

  it('a webhook secret', () => {
    expect(webhookSecretProblem('nope')).toBe('a webhook secret starts with whsec_ (whsec_ and base64 bytes)');
    expect(webhookSecretProblem('nope', 'fr')).toBe(
      'un secret de webhook commence par whsec_ (whsec_ puis des octets en base64)',
    );
  });
});
