/** One line of text: our descriptions never span lines in a completion menu. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A single-quoted word for bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A single-quoted word for fish (where only \\ and \' are escapes inside single quotes). */
export function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
