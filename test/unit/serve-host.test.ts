import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/commands/serve.js';

// `serve --host` beyond loopback warns, as `mcp --http` does: which addresses are loopback.
describe('isLoopbackHost', () => {
  it('knows loopback addresses and names', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com', '10.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
