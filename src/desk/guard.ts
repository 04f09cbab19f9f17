import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The headers every answer of the desk carries: no framing, no sniffing, nothing loaded from elsewhere, and never CORS. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The cookie that carries the desk's session, and the header a state-changing request repeats its CSRF token in. */
export const SESSION_COOKIE = 'motoroute_desk';
export const CSRF_HEADER = 'x-desk-csrf';

/** A fresh unguessable token (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Equal strings, compared in constant time. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a Host header names this desk: its own address or `localhost` on loopback, with its own port. A page on
 * a rebound DNS name (evil.example pointing at 127.0.0.1) sends its own name and is refused.
 */
export function hostIsOurs(host: string | undefined, names: readonly string[], port: number): boolean {
  if (host === undefined) return false;
  return names.some((name) => host.toLowerCase() === `${name.toLowerCase()}:${port}`);
}

/** Whether an Origin header, when one is sent, is this desk's own origin. */
export function originIsOurs(origin: string | undefined, names: readonly string[], port: number): boolean {
  if (origin === undefined) return true;
  return names.some((name) => origin.toLowerCase() === `http://${name.toLowerCase()}:${port}`);
}

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The names a Host header may give for a desk listening on `host`. */
export function namesFor(host: string): string[] {
  const bare = host.replace(/^\[|\]$/g, '');
  const shown = bare.includes(':') ? `[${bare}]` : bare;
  const loopback = bare === '::1' || bare === 'localhost' || /^127(\.\d{1,3}){3}$/.test(bare);
  return loopback ? [...new Set([shown, 'localhost', '127.0.0.1'])] : [shown];
}
