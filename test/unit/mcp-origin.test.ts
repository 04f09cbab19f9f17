import { describe, expect, it } from 'vitest';
import { isLoopbackHost, requestAllowed } from '../../src/mcp/http/origin.js';

const LOOPBACK = { loopbackOnly: true, allowedOrigins: [] };

describe('MCP over HTTP: which requests are served (DNS rebinding protection)', () => {
  it('knows the loopback names', () => {
    for (const host of ['localhost', '127.0.0.1', '127.3.2.1', '[::1]', '::1', 'app.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['example.com', '10.0.0.1', '0.0.0.0', 'localhost.example.com', '1270.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('serves programs (no Origin) and loopback pages; refuses other pages and a foreign Host on a loopback server', () => {
    expect(requestAllowed({ host: '127.0.0.1:8808' }, LOOPBACK)).toBe(true);
    expect(requestAllowed({ origin: 'http://localhost:6274', host: '127.0.0.1:8808' }, LOOPBACK)).toBe(true);
    expect(requestAllowed({ origin: 'http://[::1]:3000', host: '[::1]:8808' }, LOOPBACK)).toBe(true);
    expect(requestAllowed({ origin: 'https://evil.example', host: '127.0.0.1:8808' }, LOOPBACK)).toBe(false);
    expect(requestAllowed({ origin: 'null', host: '127.0.0.1:8808' }, LOOPBACK)).toBe(false);
    expect(requestAllowed({ origin: 'http://127.0.0.1.evil.example', host: '127.0.0.1:8808' }, LOOPBACK)).toBe(false);
    expect(requestAllowed({ host: 'rebound.example:8808' }, LOOPBACK)).toBe(false);
  });

  it('serves an origin given with --allow-origin, and any Host when the server is exposed on purpose', () => {
    const exposed = { loopbackOnly: false, allowedOrigins: ['https://app.example'] };
    expect(requestAllowed({ origin: 'https://app.example', host: 'mcp.example' }, exposed)).toBe(true);
    expect(requestAllowed({ origin: 'https://app.example/', host: 'mcp.example' }, exposed)).toBe(true);
    expect(requestAllowed({ origin: 'https://other.example', host: 'mcp.example' }, exposed)).toBe(false);
    expect(requestAllowed({ host: 'mcp.example' }, exposed)).toBe(true);
  });
});
