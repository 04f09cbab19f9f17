import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv, runCli } from '../helpers/cli.js';

describe('serve', () => {
  it('refuses a port in use with exit 2 and what to do, instead of an unexpected error', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await runCli(['serve', '--port', String(port)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `Error: --port: 127.0.0.1:${port} is in use; pick another port, or --port 0 for a free one.\n`,
      );
      expect(result.stdout).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("--cors answers a browser's preflight and lets any origin read the answers", async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--cors', '--routes', '20'], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').once('data', (text: string) => resolve(text.trim()));
        child.on('error', reject);
        child.on('close', (code) => reject(new Error(`serve --cors exited with ${String(code)}`)));
      });
      const preflight = await fetch(`${base}/route/ai/batch`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:1',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, idempotency-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, idempotency-key');
      const page = await fetch(`${base}/route/ai/search`, { headers: { origin: 'http://127.0.0.1:1' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('access-control-allow-origin')).toBe('*');
      await page.body?.cancel();
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toBe(130);
  });
});
