import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// Node builds its fetch classes (Headers, Request, Response, FormData: its bundled undici) on the first touch of
// one of them, ~15 ms, a fifth of a search's start-up. The CLI sends through undici's own modules, so a run that
// touches one pays for nothing: `.withResponse()`'s and ApiError's Headers are made only when asked for.

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
// Records which bytes the run compiled ahead (WebAssembly.compile, client/undici-parts.ts) and which undici compiled
// on connecting (new WebAssembly.Module): the head start only counts when both are the same parser.
const watchParser = join(dir, 'watch-parser-compiles.cjs');
writeFileSync(
  watchParser,
  `const { compile, Module } = WebAssembly;
const seen = { ahead: [], undici: [] };
const size = (bytes) => (ArrayBuffer.isView(bytes) ? bytes.byteLength : typeof bytes);
WebAssembly.compile = function (bytes) {
  const compiled = compile.call(this, bytes);
  compiled.then(() => seen.ahead.push(size(bytes)), (error) => seen.ahead.push('failed: ' + error.message));
  return compiled;
};
WebAssembly.Module = function (bytes) {
  seen.undici.push(size(bytes));
  return new Module(bytes);
};
process.on('exit', () => process.stderr.write('parser compiles: ' + JSON.stringify(seen) + '\\n'));
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

  it("compiles undici's HTTP parser ahead from the very bytes undici compiles on connecting", async () => {
    const result = await runCli(['--base-url', service.base, 'search', 'Paris', 'Marseille', '--json'], {
      env: { NODE_OPTIONS: `--require ${watchParser}` },
    });
    expect(result.code).toBe(0);
    const line = /^parser compiles: (.*)$/m.exec(result.stderr);
    const seen = JSON.parse(line?.[1] ?? 'null') as { ahead: unknown[]; undici: unknown[] } | null;
    expect(seen?.undici).toHaveLength(1);
    expect(typeof seen?.undici[0]).toBe('number');
    expect(seen?.ahead).toEqual(seen?.undici);
  });
});
