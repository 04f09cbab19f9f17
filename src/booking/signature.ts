/**
 * The e-mail's last paragraph: the closing followed by who signs (the customer's name, else the sender's signature);
 * with neither, nothing at all, since « Cordialement, » alone at the end reads as a message cut short.
 * @example
 * ```ts
 * closingLines('Cordialement,', 'Ada Martin', undefined); // ['Cordialement,', 'Ada Martin']
 * closingLines('Cordialement,', undefined, 'Jeanne\nAgence Motos'); // ['Cordialement,', 'Jeanne', 'Agence Motos']
 * closingLines('Cordialement,', undefined, undefined); // []
 * ```
 */
export function closingLines(closing: string, name: string | undefined, signature: string | undefined): string[] {
  if (name?.trim()) return [closing, name.trim()];
  const lines = signatureLines(signature);
  return lines.length > 0 ? [closing, ...lines] : [];
}

/**
 * A signature's lines: `\n` (typed, or the two characters `\n` of a one-line setting) separates them; blank edges dropped.
 * @example
 * ```ts
 * signatureLines('Jeanne Dupont\nAgence Motos'); // ['Jeanne Dupont', 'Agence Motos']
 * ```
 */
export function signatureLines(signature: string | undefined): string[] {
  if (signature === undefined) return [];
  const lines = signature
    .replace(/\\n/g, '\n')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines;
}
