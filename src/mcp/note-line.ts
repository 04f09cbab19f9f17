/** A message for stderr on one short line: a parser's error can be kilobytes of JSON. */
export function noteLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
