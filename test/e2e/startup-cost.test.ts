import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// Node builds its fetch classes (Headers, Request, Response, FormData: its bundled undici) on the first touch of
// one of them, ~15 ms, a fifth of a search's start-up. The CLI sends through node:http, so a run that touches none
// pays for none: `.withResponse()`'s and ApiError's Headers are made only when asked for.

const service = useService({ routes: 2000 });
const dir = mkdtempSync(join(tmpdir(), 'motoroute-startup-cost-'));
const preload = join(dir, 'watch-fetch-classes.cjs');
writeFileSync(
  preload,
  `const touched = new Set();
for (const name of ['Headers', 'Request', 'Response', 'FormData']) {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!descriptor) { process.stderr.write('fetch-classes: no ' + name + ' here\\n'); continue; }
  // Node 20 defines them as lazy getters, later versions as values whose first use loads the rest: watch both.
  const read = descriptor.get ? () => descriptor.get.call(globalThis) : () => descriptor.value;
  Object.defineProperty(globalThis, name, { configurable: true, enumerable: descriptor.enumerable, get() { touched.add(name); return read(); } });
}
process.on('exit', () => process.stderr.write('fetch-classes touched: [' + [...touched].join(',') + ']\\n'));
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the cost of one run', () => {
  it.each([
    ['a search', ['search', 'Paris', 'Marseille', '--json']],
    ['a job the service does not know (its 404 is a NotFoundError)', ['job', 'get', 'nope']],
    ['a raw request answered 404', ['api', '/nope']],
  ])('%s touches none of Node fetch classes', async (_name, args) => {
    const result = await runCli(['--base-url', service.base, ...args], {
      env: { NODE_OPTIONS: `--require ${preload}` },
    });
    expect(result.stderr).not.toMatch(/fetch-classes: no /);
    expect(result.stderr).toContain('fetch-classes touched: []');
  });
});
