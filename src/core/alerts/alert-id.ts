const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/**
 * A stable id for an alert: FNV-1a (64 bits) of its parts, as `msg_` and 16 hex digits. Pure and
 * runtime-free (no node:crypto), so the same parts always give the same id, in any process.
 */
export function stableAlertId(parts: readonly (string | number)[]): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(parts.join('\u001f'))) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK;
  }
  return `msg_${hash.toString(16).padStart(16, '0')}`;
}
