import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('serve', () => {
  it('refuses a port in use with exit 2 and what to do, instead of an unexpected error', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await runCli(['serve', '--port', String(port)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`Error: --port: 127.0.0.1:${port} is in use; pick another port, or --port 0 for a free one.\n`);
      expect(result.stdout).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
