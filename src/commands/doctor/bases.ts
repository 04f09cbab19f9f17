/** The addresses doctor checks, all derived from the one base URL in use. */
export interface DoctorBases {
  /** The base in use (after --sandbox and --legacy), without a trailing slash. */
  inUse: string;
  /** Which of the two the base in use is. */
  kind: 'versioned' | 'legacy';
  /** The /v1 base. */
  versioned: string;
  /** The unversioned legacy alias. */
  legacy: string;
  /** scheme://host:port, where the .well-known documents live. */
  origin: string;
}

/**
 * Derives the /v1 base and the legacy alias from the base in use: a trailing /v1 is removed to get
 * the legacy alias; a base without /v1 is taken as the legacy alias and /v1 is appended to it.
 */
export function deriveBases(baseUrl: string): DoctorBases {
  const inUse = baseUrl.replace(/\/+$/, '');
  const origin = new URL(inUse).origin;
  if (/\/v1$/.test(inUse))
    return { inUse, kind: 'versioned', versioned: inUse, legacy: inUse.replace(/\/v1$/, ''), origin };
  return { inUse, kind: 'legacy', versioned: `${inUse}/v1`, legacy: inUse, origin };
}

/** The distinct bases, in the order given (the origin is often the legacy alias too). */
export function distinctBases(...bases: string[]): string[] {
  return [...new Set(bases)];
}
