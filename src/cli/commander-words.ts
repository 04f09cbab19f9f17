import { frenchQuoted } from '../domain/french-writing.js';
import { USAGE_WORDS } from './usage-words.js';
import { CONTEXT_WORDS } from './words.js';

/** The languages commander's errors are said in. */
export type CommanderLang = 'en' | 'fr';

const either = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ou ${words[words.length - 1]}`;
// Commander's suggestion, `\n(Did you mean --limit?)` or `\n(Did you mean one of a, b?)`, as the words it offers.
const SUGGESTION = /\n\(Did you mean (?:one of )?(.*)\?\)$/s;

function withSuggestion(message: string): { said: string; offered: string[] } {
  const match = SUGGESTION.exec(message);
  return match
    ? { said: message.slice(0, match.index), offered: (match[1] ?? '').split(', ') }
    : { said: message, offered: [] };
}

const didYouMean = (offered: readonly string[]) =>
  offered.length ? ` (vouliez-vous dire ${either(offered)}\u202f?)` : '';

/**
 * Commander's own errors in French, by their code and the values their English message holds: the sentence, or
 * undefined for an error not known here (it is then said as commander wrote it).
 */
const FRENCH: Readonly<Record<string, (message: string) => string | undefined>> = {
  'commander.unknownOption': (message) => {
    const { said, offered } = withSuggestion(message);
    const flag = /^error: unknown option '(.*)'$/s.exec(said)?.[1];
    return flag === undefined ? undefined : `option inconnue ${frenchQuoted(flag)}${didYouMean(offered)}.`;
  },
  'commander.unknownCommand': (message) => {
    const { said, offered } = withSuggestion(message);
    const name = /^error: unknown command '(.*)'$/s.exec(said)?.[1];
    return name === undefined
      ? undefined
      : USAGE_WORDS.fr.unknownHelpTopic(name, offered.length > 0 ? either(offered) : undefined);
  },
  'commander.missingArgument': (message) => {
    const name = /^error: missing required argument '(.*)'$/s.exec(message)?.[1];
    return name === undefined ? undefined : `il manque l\u2019argument ${frenchQuoted(name)}.`;
  },
  'commander.optionMissingArgument': (message) => {
    const flags = /^error: option '(.*)' argument missing$/s.exec(message)?.[1];
    return flags === undefined ? undefined : `l\u2019option ${flags} attend une valeur.`;
  },
  'commander.excessArguments': (message) => {
    const match = /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+): (.*)\.$/s.exec(
      message,
    );
    if (!match) return undefined;
    const [, command, expected, received, given] = match;
    const where = command === undefined ? '' : ` pour ${frenchQuoted(command)}`;
    const expectedWords =
      expected === '0' ? 'aucun n\u2019est attendu' : `${expected} attendu${expected === '1' ? '' : 's'}`;
    return `trop d\u2019arguments${where}\u00a0: ${expectedWords}, ${received} donné${received === '1' ? '' : 's'} (${given}).`;
  },
  'commander.invalidArgument': (message) => {
    const match = /^error: option '(.*)' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(message);
    if (!match) return undefined;
    const [, flags, value, choices] = match;
    return `l\u2019option ${flags} n\u2019accepte pas ${frenchQuoted(value ?? '')}\u202f; valeurs possibles\u00a0: ${choices}.`;
  },
};

/**
 * What is printed for commander's error `message` (code `code`): in French, one line headed `Erreur :` when the error
 * is one known here; else as commander wrote it, headed `Error:`.
 */
export function commanderErrorText(code: string, message: string, lang: CommanderLang): string {
  const french = lang === 'fr' ? FRENCH[code]?.(message) : undefined;
  return french === undefined ? `${message.replace(/^error:/, 'Error:')}\n` : `${CONTEXT_WORDS.fr.failed} ${french}\n`;
}
