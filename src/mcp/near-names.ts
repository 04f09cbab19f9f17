/** The known names a mistyped one was probably meant as: those it begins or ends, and those one or two edits away. */
export function nearNames(typed: string, known: readonly string[]): string[] {
  const name = typed.toLowerCase();
  if (name === '') return [];
  return known.filter((candidate) => {
    const other = candidate.toLowerCase();
    const parts = other.split('_');
    return (
      (name.length >= 3 && (other.startsWith(name) || parts.includes(name))) ||
      editDistance(name, other) <= Math.min(2, Math.floor(other.length / 3))
    );
  });
}

/** "did you mean a or b?" for the near names, or '' when there is none. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearNames(typed, known);
  if (near.length === 0) return '';
  const last = near[near.length - 1] as string;
  return ` Did you mean ${near.length === 1 ? last : `${near.slice(0, -1).join(', ')} or ${last}`}?`;
}

/** Levenshtein distance between two short names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
