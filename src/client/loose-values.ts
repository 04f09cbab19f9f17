// Readers of single values that accept what real deployments send besides the documented type:
// numbers as numeric strings ("359"), ids as numbers. No zod here: the listing reads a million records with these.

const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** A finite number from a number or a numeric string; undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return undefined;
}

/** A whole number ≥ 0 from a number or a numeric string; undefined otherwise. */
export function toCount(value: unknown): number | undefined {
  const number = toNumber(value);
  return number !== undefined && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** An identifier from a non-empty string or a finite number; undefined otherwise. */
export function toId(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return numberId(value);
  return undefined;
}

/**
 * A number's digits, past V8's number-to-string cache: the strings String(n) makes stay in that cache for
 * thousands of conversions, long enough to survive two scavenges and be promoted, so each id of a million-route
 * listing ended as old-space garbage (20 of the 32 MB promoted). toFixed(0) writes a safe integer's digits
 * uncached.
 */
function numberId(value: number): string {
  return Number.isSafeInteger(value) ? value.toFixed(0) : String(value);
}

/** A short JSON rendering of a value for a reason (`null`, `"n/a"`, `{…}`), at most 40 characters. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeof value; // a BigInt or a cycle: only library callers can pass these, never the network
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
