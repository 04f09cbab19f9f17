import { createPublicKey } from 'node:crypto';
import * as z from 'zod/mini';
import { fail, pass, warn, type Verdict } from './check.js';

/** The interface version motoroute was written against (reference §9.4). */
export const EXPECTED_OPENAPI_VERSION = '1.1.0';

/** The rate the reference recommends at most, per client and minute (§8). */
export const RECOMMENDED_RATE_PER_MINUTE = 60;

const protectedResourceSchema = z.object({
  authorization_servers: z.optional(z.array(z.string())),
  scopes_supported: z.optional(z.array(z.string())),
  anonymous_access: z.optional(z.boolean()),
  agent_auth: z.optional(z.object({ required: z.optional(z.boolean()), anonymous_access: z.optional(z.boolean()) })),
});

/** RFC 9728 metadata must list no authorization server and declare anonymous access (reference §5). */
export function inspectProtectedResource(document: unknown): Verdict {
  const parsed = protectedResourceSchema.safeParse(document);
  if (!parsed.success) return fail('the document is not protected-resource metadata (RFC 9728)');
  const { authorization_servers: servers = [], scopes_supported: scopes = [], agent_auth: agentAuth } = parsed.data;
  if (servers.length > 0)
    return fail(`lists authorization servers (${servers.join(', ')}): the API is meant to be anonymous`);
  const anonymous = agentAuth?.anonymous_access ?? parsed.data.anonymous_access;
  if (anonymous !== true) return fail('does not declare anonymous_access: true');
  if (agentAuth?.required === true) return fail('declares that authentication is required');
  const scopeNote = scopes.length > 0 ? `; scopes listed: ${scopes.join(', ')}` : ', no scopes';
  return pass(`anonymous access, no authorization servers${scopeNote}`);
}

const jwkSchema = z.object({
  kty: z.string(),
  crv: z.optional(z.string()),
  x: z.optional(z.string()),
  kid: z.optional(z.string()),
});
const directorySchema = z.object({ keys: z.array(z.unknown()) });

/** The signature directory must hold an Ed25519 key: kty OKP, crv Ed25519, `x` a 32-byte base64url value. */
export function inspectSignatureDirectory(document: unknown): Verdict {
  const parsed = directorySchema.safeParse(document);
  if (!parsed.success) return fail('the document is not a key directory (no "keys" array)');
  const keys = parsed.data.keys.flatMap((key) => {
    const jwk = jwkSchema.safeParse(key);
    return jwk.success ? [jwk.data] : [];
  });
  const ed25519 = keys.filter((key) => key.kty === 'OKP' && key.crv === 'Ed25519');
  if (ed25519.length === 0) {
    const found = keys.map((key) => `${key.kty}${key.crv ? `/${key.crv}` : ''}`).join(', ') || 'none';
    return fail(`no Ed25519 key (kty OKP, crv Ed25519); keys found: ${found}`);
  }
  for (const key of ed25519) {
    if (key.x === undefined || !isBase64Url32(key.x)) continue;
    if (!isUsableEd25519Key(key.x)) continue;
    return pass(`Ed25519 key${key.kid ? ` ${key.kid}` : ''} (${ed25519.length} of ${keys.length} keys)`);
  }
  return fail('the Ed25519 key has no valid "x": expected 32 bytes in base64url (43 characters)');
}

/** `x` of an Ed25519 JWK: exactly 32 bytes, unpadded base64url. */
export function isBase64Url32(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value) && Buffer.from(value, 'base64url').length === 32;
}

function isUsableEd25519Key(x: string): boolean {
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

const openApiSchema = z.object({
  openapi: z.optional(z.string()),
  info: z.object({ version: z.optional(z.unknown()), title: z.optional(z.unknown()) }),
});

/** The OpenAPI document must say info.version 1.1.0; another version is a warning, not a failure. */
export function inspectOpenApi(document: unknown): Verdict {
  const parsed = openApiSchema.safeParse(document);
  if (!parsed.success) return fail('the document is not an OpenAPI description (no "info" object)');
  const version = parsed.data.info.version;
  const spec = parsed.data.openapi ? `OpenAPI ${parsed.data.openapi}, ` : '';
  if (version === EXPECTED_OPENAPI_VERSION) return pass(`${spec}info.version ${EXPECTED_OPENAPI_VERSION}`);
  if (version === undefined)
    return warn(`${spec}no info.version; motoroute was written for ${EXPECTED_OPENAPI_VERSION}`);
  return warn(
    `${spec}info.version is ${String(version)}; motoroute was written for ${EXPECTED_OPENAPI_VERSION}: some answers may differ`,
  );
}

type HeaderValues = Record<string, string | string[] | undefined>;

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/**
 * The three X-RateLimit-* headers must be present integers. 0 means no limit is enforced (the
 * reference recommends at most 60 requests a minute anyway); a real limit below motoroute's own
 * budget is a warning with the setting to change.
 */
export function inspectRateLimitHeaders(headers: HeaderValues, clientRatePerMinute: number): Verdict {
  const values = RATE_HEADERS.map((name) => firstValue(headers[name]));
  const missing = RATE_HEADERS.filter((_, index) => values[index] === undefined);
  if (missing.length > 0) return fail(`missing ${missing.map(headerLabel).join(', ')}`);
  const numbers = values.map((value) =>
    value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN,
  );
  const bad = RATE_HEADERS.filter((_, index) => Number.isNaN(numbers[index]));
  if (bad.length > 0)
    return fail(`${bad.map(headerLabel).join(', ')} ${bad.length > 1 ? 'are' : 'is'} not a whole number`);
  const [limit = 0, remaining = 0, reset = 0] = numbers;
  if (limit === 0) {
    return pass(
      `Limit 0, Remaining ${remaining}, Reset ${reset}: 0 means no limit is enforced; recommended at most ${RECOMMENDED_RATE_PER_MINUTE} requests a minute`,
    );
  }
  const summary = `Limit ${limit}, Remaining ${remaining}, Reset ${reset} s`;
  if (clientRatePerMinute > limit) {
    return warn(
      `${summary}: motoroute allows itself ${clientRatePerMinute} a minute; run: motoroute config set rate ${limit}`,
    );
  }
  return pass(`${summary}; motoroute allows itself ${clientRatePerMinute} a minute`);
}

function headerLabel(name: string): string {
  return name
    .replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)
    .replace('Ratelimit', 'RateLimit');
}

/** The first value of a header that may be repeated. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
