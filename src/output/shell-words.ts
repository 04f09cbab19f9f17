/** Words joined into a command line a POSIX shell reads back as the same words (single quotes where needed). */
export function shellWords(words: readonly string[]): string {
  return words
    .map((word) => (/^[\p{L}\p{N}@%+=:,./_-]+$/u.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
