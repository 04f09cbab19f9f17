import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveBases } from '../../src/commands/doctor/bases.js';
import {
  inspectOpenApi,
  inspectProtectedResource,
  inspectRateLimitHeaders,
  inspectSignatureDirectory,
  isBase64Url32,
} from '../../src/commands/doctor/documents.js';
import { doctorReport, renderChecklist } from '../../src/commands/doctor/report.js';
import { Chalk } from 'chalk';

function ed25519X(): string {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  return String(jwk.x);
}

describe('deriveBases', () => {
  it('removes a trailing /v1 to get the legacy alias', () => {
    expect(deriveBases('https://symone.fr/api-proxy/v1')).toEqual({
      inUse: 'https://symone.fr/api-proxy/v1',
      kind: 'versioned',
      versioned: 'https://symone.fr/api-proxy/v1',
      legacy: 'https://symone.fr/api-proxy',
      origin: 'https://symone.fr',
    });
  });

  it('takes a base without /v1 as the legacy alias and appends /v1 for the versioned one', () => {
    expect(deriveBases('http://127.0.0.1:8080/')).toMatchObject({
      kind: 'legacy',
      legacy: 'http://127.0.0.1:8080',
      versioned: 'http://127.0.0.1:8080/v1',
      origin: 'http://127.0.0.1:8080',
    });
    expect(deriveBases('http://127.0.0.1:8080/v10')).toMatchObject({
      kind: 'legacy',
      versioned: 'http://127.0.0.1:8080/v10/v1',
    });
  });
});

describe('inspectProtectedResource', () => {
  const anonymous = {
    resource: 'x',
    authorization_servers: [],
    agent_auth: { required: false, anonymous_access: true },
  };

  it('passes anonymous metadata without authorization servers', () => {
    expect(inspectProtectedResource(anonymous).level).toBe('pass');
    expect(inspectProtectedResource({ anonymous_access: true }).level).toBe('pass');
  });

  it('fails when an authorization server is listed, anonymity is not declared, or auth is required', () => {
    expect(inspectProtectedResource({ ...anonymous, authorization_servers: ['https://auth.example'] })).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('https://auth.example'),
    });
    expect(inspectProtectedResource({ authorization_servers: [] }).detail).toContain('anonymous_access');
    expect(inspectProtectedResource({ agent_auth: { required: true, anonymous_access: true } }).level).toBe('fail');
    expect(inspectProtectedResource('<html>').level).toBe('fail');
  });
});

describe('inspectSignatureDirectory', () => {
  it('passes a JWKS holding a real Ed25519 key', () => {
    const verdict = inspectSignatureDirectory({
      keys: [
        { kty: 'RSA', n: 'x', e: 'AQAB' },
        { kty: 'OKP', crv: 'Ed25519', x: ed25519X(), kid: 'k1' },
      ],
    });
    expect(verdict).toEqual({ level: 'pass', detail: 'Ed25519 key k1 (1 of 2 keys)' });
  });

  it('fails without an Ed25519 key, or with an x that is not 32 bytes of base64url', () => {
    expect(inspectSignatureDirectory({ keys: [{ kty: 'OKP', crv: 'X25519', x: ed25519X() }] }).detail).toContain(
      'OKP/X25519',
    );
    expect(inspectSignatureDirectory({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'c2hvcnQ' }] }).level).toBe('fail');
    expect(inspectSignatureDirectory({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: `${ed25519X()}=` }] }).level).toBe(
      'fail',
    );
    expect(inspectSignatureDirectory({ keys: [{ kty: 'OKP', crv: 'Ed25519' }] }).level).toBe('fail');
    expect(inspectSignatureDirectory({ key: {} }).level).toBe('fail');
  });

  it('recognises exactly 32 bytes of unpadded base64url', () => {
    expect(isBase64Url32(Buffer.alloc(32, 0xfb).toString('base64url'))).toBe(true);
    expect(isBase64Url32(Buffer.alloc(32, 0xfb).toString('base64'))).toBe(false);
    expect(isBase64Url32(Buffer.alloc(31).toString('base64url'))).toBe(false);
    expect(isBase64Url32(Buffer.alloc(33).toString('base64url'))).toBe(false);
  });
});

describe('inspectOpenApi', () => {
  it('passes 1.1.0 and only warns on another version', () => {
    expect(inspectOpenApi({ openapi: '3.1.0', info: { version: '1.1.0' } }).level).toBe('pass');
    expect(inspectOpenApi({ openapi: '3.1.0', info: { version: '1.2.0' } })).toMatchObject({
      level: 'warn',
      detail: expect.stringContaining('1.2.0'),
    });
    expect(inspectOpenApi({ info: {} }).level).toBe('warn');
    expect(inspectOpenApi({ paths: {} }).level).toBe('fail');
  });
});

describe('inspectRateLimitHeaders', () => {
  const zeros = { 'x-ratelimit-limit': '0', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' };

  it('explains that 0 means no limit and recalls the recommended 60 a minute', () => {
    const verdict = inspectRateLimitHeaders(zeros, 60);
    expect(verdict.level).toBe('pass');
    expect(verdict.detail).toContain('0 means no limit is enforced');
    expect(verdict.detail).toContain('60 requests a minute');
  });

  it('fails on missing or non-integer headers, naming them', () => {
    expect(inspectRateLimitHeaders({ 'x-ratelimit-limit': '0' }, 60).detail).toBe(
      'missing X-RateLimit-Remaining, X-RateLimit-Reset',
    );
    expect(inspectRateLimitHeaders({ ...zeros, 'x-ratelimit-reset': 'soon' }, 60)).toEqual({
      level: 'fail',
      detail: 'X-RateLimit-Reset is not a whole number',
    });
  });

  it('warns when the service enforces less than motoroute allows itself', () => {
    const limited = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29', 'x-ratelimit-reset': '60' };
    expect(inspectRateLimitHeaders(limited, 60)).toMatchObject({
      level: 'warn',
      detail: expect.stringContaining('motoroute config set rate 30'),
    });
    expect(inspectRateLimitHeaders(limited, 20).level).toBe('pass');
  });
});

describe('doctor output', () => {
  const checks = [
    { name: 'reachable', title: 'service reachable', level: 'pass' as const, ms: 12, detail: 'HTTP 200' },
    {
      name: 'openapi-version',
      title: 'OpenAPI version',
      level: 'warn' as const,
      ms: 3,
      detail: 'info.version is 2.0.0',
    },
    {
      name: 'no-deprecation',
      title: 'no Deprecation header',
      level: 'fail' as const,
      ms: null,
      detail: 'deprecated \u001b[2Jnow',
    },
  ];

  it('counts warnings as ok and failures as not ok in --json', () => {
    const report = doctorReport('http://127.0.0.1:1/v1', checks);
    expect(report.ok).toBe(false);
    expect(report.checks.map((check) => check.ok)).toEqual([true, true, false]);
    expect(report.checks[2]).toEqual({
      name: 'no-deprecation',
      ok: false,
      level: 'fail',
      ms: null,
      detail: 'deprecated \u001b[2Jnow',
    });
    expect(doctorReport('x', checks.slice(0, 2)).ok).toBe(true);
  });

  it('prints plain marks without escape sequences when colour is off, and colours them when on', () => {
    const plain = renderChecklist('http://127.0.0.1:1/v1', checks, new Chalk({ level: 0 }));
    expect(plain).not.toContain('\u001b');
    expect(
      plain
        .split('\n')
        .slice(1, 4)
        .map((line) => line[0]),
    ).toEqual(['✓', '!', '✗']);
    expect(plain).toContain('1 of 3 checks failed.');
    const coloured = renderChecklist('http://127.0.0.1:1/v1', checks, new Chalk({ level: 1 }));
    expect(coloured).toContain('\u001b[32m✓');
    expect(coloured).toContain('\u001b[31m✗');
  });
});
