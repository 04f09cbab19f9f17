import type { BookingLang } from './lang.js';
import { BOOKING_LANGS } from './lang.js';

/**
 * The greeting setting's text for one language: `Bonjour l’équipe,|Hello team,` gives one greeting per language,
 * French first; a greeting without `|` serves every language. Undefined when nothing is set for it.
 * @example
 * ```ts
 * greetingFor('Bonjour l’équipe,|Hello team,', 'en'); // 'Hello team,'
 * greetingFor('Bonjour,', 'en'); // 'Bonjour,'
 * ```
 */
export function greetingFor(setting: string | undefined, lang: BookingLang): string | undefined {
  if (setting === undefined) return undefined;
  const parts = setting.split('|').map((part) => part.trim());
  const text = parts.length === 1 ? parts[0] : parts[BOOKING_LANGS.indexOf(lang)];
  return text || undefined;
}
