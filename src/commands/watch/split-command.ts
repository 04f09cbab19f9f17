import { UsageError } from '../../errors.js';
import { WATCH_REFUSALS, type WatchLang } from './words.js';

/**
 * Splits the text of `--exec` into argv, like a shell would but without one: words split on
 * blanks; '…' is literal; "…" allows \" \\ \$ \` escapes; a backslash outside quotes escapes the
 * next character. No variables, globs, pipes or redirections: the program is run directly, so
 * nothing from the service can ever be interpreted (the event goes only on its stdin). A refusal is said in `lang`.
 */
export function splitCommandLine(text: string, option = '--exec', lang: WatchLang = 'en'): string[] {
  const refusals = WATCH_REFUSALS[lang];
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      const next = text[index + 1];
      if (char === '"') quote = undefined;
      else if (char === '\\' && next !== undefined && '"\\$`'.includes(next)) {
        word += next;
        index++;
      } else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\') {
      const next = text[index + 1];
      if (next === undefined) throw new UsageError(refusals.loneBackslash(option));
      word += next;
      inWord = true;
      index++;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) throw new UsageError(refusals.quoteNotClosed(option, quote, text));
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError(refusals.needsCommand(option));
  return words;
}
