import { flag, text, type OptionValues } from '../options.js';
import { UsageError } from '../../errors.js';

/**
 * Flags of `search` that have no meaning for `list`, which reads the whole listing at once: accepted by the
 * parser so that one line can say which do not apply (exit 2, nothing sent) instead of commander's "unknown option".
 */
export const SEARCH_ONLY_OPTIONS = {
  page: text('--page <n>', 'search only: list reads the whole listing, there are no pages'),
  async: flag('--async', 'search only: list is not run as a job'),
  radius: text('--radius <km>', 'search only: list filters the listing by the cities typed'),
  return: text('--return <date>', 'search only: a round trip is planned by search'),
};

/** How a refusal of search-only flags is said, per language. */
const SEARCH_ONLY_WORDS = {
  en: {
    and: 'and',
    refusal: (names: string, many: boolean, command: string) =>
      `${names} ${many ? 'do' : 'does'} not apply to ${command}, which reads the whole listing; use motoroute search for ${many ? 'them' : 'it'}.`,
  },
  fr: {
    and: 'et',
    refusal: (names: string, many: boolean, command: string) =>
      `${names} ne s\u2019appliqu${many ? 'ent' : 'e'} pas à ${command}, qui lit toute la liste\u202f; utilisez motoroute search pour ${many ? 'ces options' : 'cette option'}.`,
  },
} as const;

/** Refuses, in one line (in `lang`), the search-only flags given to `command`. */
export function refuseSearchOnly(
  command: string,
  options: Partial<OptionValues<typeof SEARCH_ONLY_OPTIONS>>,
  lang: 'en' | 'fr' = 'en',
): void {
  const given = [
    options.page !== undefined && '--page',
    options.async === true && '--async',
    options.radius !== undefined && '--radius',
    options.return !== undefined && '--return',
  ].filter((name): name is string => name !== false);
  if (given.length === 0) return;
  const words = SEARCH_ONLY_WORDS[lang];
  const names = given.length === 1 ? given[0] : `${given.slice(0, -1).join(', ')} ${words.and} ${given.at(-1)}`;
  throw new UsageError(words.refusal(names ?? '', given.length > 1, command));
}
