/** Folds a name for matching: lower case, accents removed, spacing and dashes collapsed. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_'’]+/g, ' ')
    .trim();
}
