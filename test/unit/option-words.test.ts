import { describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/client/url.js';
import { URL_WORDS } from '../../src/client/url-words.js';
import { commanderErrorText } from '../../src/cli/commander-words.js';
import { USAGE_WORDS } from '../../src/cli/usage-words.js';
import { OPTION_WORDS } from '../../src/commands/option-words.js';
import { choice, integer, number, parseCity, parseInteger } from '../../src/commands/options.js';
import { CONFIG_FILE_WORDS, SETTING_WORDS } from '../../src/config/key-words.js';
import { CONFIG_KEYS, findConfigKey } from '../../src/config/keys.js';
import { DATE_WORDS } from '../../src/domain/date-words.js';
import { assertDateRange, parseDateInput } from '../../src/domain/dates.js';
import { OUTPUT_WORDS } from '../../src/output/output-words.js';
import { resolveOutputSettings } from '../../src/output/settings.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const FR = { now: NOW, lang: 'fr' as const };

/** The message a call throws. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

// Sample arguments for the catalogues' sentences: the first that a sentence takes (lists are not strings).
const SAMPLES: unknown[][] = [
  ['--x', 'v', 1, 2, 3],
  ['--x', ['a', 'b']],
  ['--x', 'v', ['a', 'b']],
  ['--x', 'v', undefined, 1, 2],
  [
    ['a', 'b'],
    ['c', 'd'],
  ],
  // A weekday sentence: the date it names is a real one.
  ['--x', 'v', '2026-12-07', 'lundi', 'mardi'],
];

/** Every sentence a catalogue's language says, its functions called with sample values. */
function sentences(words: Record<string, unknown>): string[] {
  return Object.values(words).map((word) => {
    if (typeof word !== 'function') return String(word);
    for (const args of SAMPLES) {
      try {
        return String((word as (...args: unknown[]) => unknown)(...args));
      } catch {
        // Not this sample's shape: the next.
      }
    }
    throw new Error(`no sample fits ${String(word)}`);
  });
}

// Words that would betray an English sentence left in French.
const ENGLISH = /\b(must|is not|was given|needs|give|use|only|unknown|missing|allowed|valid fields)\b/i;
const CATALOGUES = { OPTION_WORDS, DATE_WORDS, SETTING_WORDS, CONFIG_FILE_WORDS, OUTPUT_WORDS, URL_WORDS, USAGE_WORDS };

describe('the French of the error catalogues', () => {
  it.each(Object.entries(CATALOGUES))(
    '%s: every English sentence has a French one, in French typography',
    (_, words) => {
      expect(Object.keys(words.fr).sort()).toEqual(Object.keys(words.en).sort());
      for (const sentence of sentences(words.fr)) {
        expect(sentence).not.toMatch(ENGLISH);
        // A non-breaking space before : (narrow before ; and ?), never a plain one; « » quotes, not "".
        expect(sentence, sentence).not.toMatch(/ [:;?!]/);
        expect(sentence, sentence).not.toMatch(/[^\u00a0]:(?: |$)/);
        // (A shell command quotes as the shell does.)
        expect(sentence.replace(/"\$\(id -u\)"/, ''), sentence).not.toMatch(/"/);
      }
    },
  );

  it('option kinds say their errors in the session’s language, English unchanged', () => {
    const limit = integer('--limit <n>', 'trips', { min: 1, max: 100 });
    expect(refusal(() => limit.parse(['abc'], FR))).toBe(
      '--limit\u00a0: \u00ab\u202fabc\u202f\u00bb doit être un nombre entier de 1 à 100.',
    );
    expect(refusal(() => limit.parse(['abc'], { now: NOW, lang: 'en' }))).toBe(
      '--limit: "abc" must be a whole number from 1 to 100.',
    );
    expect(refusal(() => limit.parse(['1', '2'], FR))).toBe(
      '--limit est donné 2\u00a0fois (\u00ab\u202f1\u202f\u00bb, \u00ab\u202f2\u202f\u00bb)\u202f; donnez-le une seule fois.',
    );
    expect(refusal(() => limit.parse(true, FR))).toBe('--limit attend une valeur.');
    const price = number('--max-price <euros>', 'price', { min: 0, unit: 'euros' });
    expect(refusal(() => price.parse(['x'], FR))).toBe(
      '--max-price\u00a0: \u00ab\u202fx\u202f\u00bb doit être un nombre (en euros) de 0 ou plus.',
    );
    const sort = choice('--sort <key>', 'order', ['date', 'price'], { hint: { en: 'Sorted.', fr: 'Trié.' } });
    expect(refusal(() => sort.parse(['size'], FR))).toBe(
      '--sort\u00a0: \u00ab\u202fsize\u202f\u00bb doit être l\u2019une de ces valeurs\u00a0: date, price. Trié.',
    );
    expect(refusal(() => sort.parse(['size'], { now: NOW, lang: 'en' }))).toBe(
      '--sort: "size" must be one of date, price. Sorted.',
    );
    expect(refusal(() => sort.parse(true, FR))).toBe('--sort attend une valeur\u00a0: date, price.');
    expect(refusal(() => parseInteger('0', '--days', { min: 1 }, 'fr'))).toBe(
      '--days\u00a0: \u00ab\u202f0\u202f\u00bb doit être un nombre entier d\u2019au moins 1.',
    );
    expect(refusal(() => parseCity(' ', 'FROM', 'fr'))).toBe('FROM attend un nom de ville.');
    expect(refusal(() => parseCity('Pa\u0007ris', 'FROM'))).toBe(
      'FROM: control characters are not allowed in a city name.',
    );
  });

  it('dates are refused in the language asked for, English by default', () => {
    expect(refusal(() => parseDateInput('32/13/2026', '--date', NOW, 'fr'))).toBe(
      '--date\u00a0: \u00ab\u202f32/13/2026\u202f\u00bb n\u2019est pas une date qui existe (lue jour/mois/année\u00a0: JJ/MM/AAAA).',
    );
    expect(refusal(() => parseDateInput('32/13/2026', '--date', NOW))).toBe(
      '--date: "32/13/2026" is not a real calendar date (read as day/month/year: JJ/MM/AAAA).',
    );
    expect(refusal(() => parseDateInput('07/12/26', '--date', NOW, 'fr'))).toBe(
      '--date\u00a0: \u00ab\u202f07/12/26\u202f\u00bb a une année de 2\u00a0chiffres\u202f; écrivez-la en entier, comme 07/12/2026.',
    );
    expect(refusal(() => parseDateInput('mardi 7 décembre 2026', '--date', NOW, 'fr'))).toBe(
      '--date\u00a0: \u00ab\u202fmardi 7 décembre 2026\u202f\u00bb\u00a0: le 07/12/2026 est un lundi, pas un mardi\u202f; vérifiez le jour.',
    );
    expect(refusal(() => parseDateInput('soon', '--date', NOW, 'fr'))).toMatch(/n\u2019est pas une date\u202f; /);
    expect(refusal(() => assertDateRange('2026-12-09', '2026-12-01', '--after', '--before', 'fr'))).toBe(
      '--after (2026-12-09) est après --before (2026-12-01).',
    );
  });

  it('settings, output and the base URL refuse in French when asked', () => {
    expect(refusal(() => findConfigKey('timeout').validate('abc', 'fr'))).toBe(
      'timeout\u00a0: \u00ab\u202fabc\u202f\u00bb doit être un nombre supérieur à 0 et au plus égal à 3600.',
    );
    expect(refusal(() => findConfigKey('timeout').validate('abc'))).toBe(
      'timeout: "abc" must be a number above 0 and at most 3600.',
    );
    for (const key of CONFIG_KEYS) {
      const said = refusal(() => key.validate('\u0007', 'fr'));
      expect(said, key.name).not.toMatch(ENGLISH);
    }
    expect(refusal(() => findConfigKey('nope', 'fr'))).toMatch(/^Réglage inconnu \u00ab\u202fnope\u202f\u00bb\u202f; /);
    const streams = { env: {}, stdout: {}, stderr: {} };
    expect(refusal(() => resolveOutputSettings({ ...streams, json: true, format: 'csv', lang: 'fr' }))).toBe(
      '--json et --format csv demandent deux formats différents\u202f; donnez l\u2019un des deux seulement.',
    );
    expect(refusal(() => resolveOutputSettings({ ...streams, fields: ',', lang: 'fr' }))).toBe(
      OUTPUT_WORDS.fr.noFields,
    );
    expect(refusal(() => parseBaseUrl('https://a:b@example.com', 'fr'))).toBe(URL_WORDS.fr.credentials);
    expect(refusal(() => parseBaseUrl('https://a:b@example.com'))).toBe(
      'The base URL must not contain a user name or password: the service is anonymous.',
    );
  });
});

describe('commander’s errors in French', () => {
  it.each([
    ['commander.unknownOption', "error: unknown option '--bogus'", 'option inconnue \u00ab\u202f--bogus\u202f\u00bb.'],
    [
      'commander.unknownOption',
      "error: unknown option '--limt'\n(Did you mean --limit?)",
      'option inconnue \u00ab\u202f--limt\u202f\u00bb (vouliez-vous dire --limit\u202f?).',
    ],
    [
      'commander.unknownCommand',
      "error: unknown command 'srch'\n(Did you mean one of search, batch?)",
      'commande inconnue \u00ab\u202fsrch\u202f\u00bb (vouliez-vous dire search ou batch\u202f?)\u202f; motoroute --help les liste.',
    ],
    [
      'commander.missingArgument',
      "error: missing required argument 'key'",
      'il manque l\u2019argument \u00ab\u202fkey\u202f\u00bb.',
    ],
    [
      'commander.optionMissingArgument',
      "error: option '--date <date>' argument missing",
      'l\u2019option --date <date> attend une valeur.',
    ],
    [
      'commander.excessArguments',
      "error: too many arguments for 'show'. Expected 1 argument but got 2: a, b.",
      'trop d\u2019arguments pour \u00ab\u202fshow\u202f\u00bb\u00a0: 1 attendu, 2 donnés (a, b).',
    ],
    [
      'commander.excessArguments',
      "error: too many arguments for 'doctor'. Expected 0 arguments but got 1: x.",
      'trop d\u2019arguments pour \u00ab\u202fdoctor\u202f\u00bb\u00a0: aucun n\u2019est attendu, 1 donné (x).',
    ],
    [
      'commander.invalidArgument',
      "error: option '--lang <lang>' argument 'de' is invalid. Allowed choices are en, fr.",
      'l\u2019option --lang <lang> n\u2019accepte pas \u00ab\u202fde\u202f\u00bb\u202f; valeurs possibles\u00a0: en, fr.',
    ],
  ])('%s: %j', (code, message, french) => {
    expect(commanderErrorText(code, message, 'fr')).toBe(`Erreur\u00a0: ${french}\n`);
    expect(commanderErrorText(code, message, 'en')).toBe(`${message.replace(/^error:/, 'Error:')}\n`);
  });

  it('an error not known here is said as commander wrote it', () => {
    const message = "error: option '--x' argument 'y' is invalid. Not a colour.";
    expect(commanderErrorText('commander.invalidArgument', message, 'fr')).toBe(`Error:${message.slice(6)}\n`);
    expect(commanderErrorText('commander.conflictingOption', 'error: a cannot be used with b', 'fr')).toBe(
      'Error: a cannot be used with b\n',
    );
  });
});
