import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// The built CLI compiles dist/app.cjs (and dist/mcp.cjs) with a V8 code cache (src/cli/startup/code-cache.ts): one
// file per build, Node version and command, written when missing or turned down, and reused as it is otherwise.

const service = useService({ routes: 2000 });

function freshCacheDir(): string {
  return mkdtempSync(join(tmpdir(), 'motoroute-code-cache-'));
}

function run(cacheDir: string, args: string[], env: Record<string, string> = {}, input?: string) {
  return runCli(['--base-url', service.base, ...args], {
    env: { MOTOROUTE_CACHE_DIR: cacheDir, ...env },
    ...(input === undefined ? {} : { input }),
  });
}

// --all: every page, so stderr stays empty (a first page of several is said there) and holds only what the cache says.
const search = ['search', 'Paris', 'Marseille', '--all', '--json'];

function cacheFiles(cacheDir: string): string[] {
  try {
    return readdirSync(join(cacheDir, 'code-cache')).sort();
  } catch {
    return [];
  }
}

function identity(path: string): string {
  const stat = statSync(path);
  return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
}

describe('code cache', () => {
  it('is written by the first run of a command and reused, untouched, by the next', async () => {
    const dir = freshCacheDir();
    const first = await run(dir, search);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const files = cacheFiles(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      new RegExp(`^[0-9a-f]{16}-${process.version.replaceAll('.', '\\.')}-${process.arch}-search\\.v8$`),
    );
    const path = join(dir, 'code-cache', files[0]!);
    expect(statSync(path).size).toBeGreaterThan(10_000);
    const before = identity(path);

    const second = await run(dir, search);
    expect(second).toMatchObject({ code: 0, stderr: '', stdout: first.stdout });
    // V8 accepted it: a turned-down cache would have been replaced by a new file.
    expect(identity(path)).toBe(before);
  });

  it('compiles dist/mcp.cjs, which motoroute mcp loads, with a cache of its own, named by its digest and accepted on the next run', async () => {
    const dir = freshCacheDir();
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cache', version: '1' } },
    };
    const input = `${JSON.stringify(initialize)}\n`;
    const first = await run(dir, ['mcp'], {}, input);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ id: 1, result: { serverInfo: { name: 'motoroute' } } });
    const files = cacheFiles(dir);
    expect(files.map((name) => name.replace(/^[0-9a-f]{16}-v[\d.]+-\w+-/, ''))).toEqual([
      expect.stringMatching(/^mcp-mcp\.cjs-[0-9a-f]{16}\.v8$/),
      'mcp.v8',
    ]);
    const bundle = join(dir, 'code-cache', files[0]!);
    expect(statSync(bundle).size).toBeGreaterThan(10_000);
    const before = identity(bundle);
    const second = await run(dir, ['mcp'], {}, input);
    expect(second.stdout).toBe(first.stdout);
    expect(identity(bundle)).toBe(before);
  });

  it('keeps one cache per command, each accepted on its next run (list runs under other V8 flags)', async () => {
    const dir = freshCacheDir();
    for (const args of [search, ['list', '--after', 'today', '--json'], ['near', 'Lyon']]) {
      expect((await run(dir, args)).code).toBe(0);
    }
    const files = cacheFiles(dir);
    expect(files.map((name) => name.replace(/^.*-/, ''))).toEqual(['list.v8', 'near.v8', 'search.v8']);
    const before = files.map((name) => identity(join(dir, 'code-cache', name)));
    expect(await run(dir, ['list', '--after', 'today', '--json'])).toMatchObject({ code: 0, stderr: '' });
    expect(await run(dir, search)).toMatchObject({ code: 0, stderr: '' });
    expect(files.map((name) => identity(join(dir, 'code-cache', name)))).toEqual(before);
  });

  it.each([
    ['garbage', (bytes: Buffer) => Buffer.alloc(bytes.length, 0x5a)],
    ['half a cache', (bytes: Buffer) => bytes.subarray(0, bytes.length >> 1)],
  ])('turns down %s, runs as usual and writes a good cache in its place', async (_label, spoil) => {
    const dir = freshCacheDir();
    const good = await run(dir, search);
    const path = join(dir, 'code-cache', cacheFiles(dir)[0]!);
    const original = readFileSync(path);
    writeFileSync(path, spoil(original));
    const spoilt = identity(path);

    const result = await run(dir, search);
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: good.stdout });
    expect(identity(path)).not.toBe(spoilt);
    expect(readFileSync(path).length).toBeGreaterThan(10_000);
  });

  it('removes the caches of other builds when it writes one, and nothing else', async () => {
    const dir = freshCacheDir();
    await run(dir, ['near', 'Lyon']);
    const stale = `0123456789abcdef-${process.version}-${process.arch}-search.v8`;
    writeFileSync(join(dir, 'code-cache', stale), 'an older build');
    writeFileSync(join(dir, 'code-cache', 'notes.txt'), 'not a cache');
    await run(dir, search);
    expect(cacheFiles(dir).map((name) => name.replace(/^.*-/, ''))).toEqual(['near.v8', 'search.v8', 'notes.txt']);
    expect(cacheFiles(dir)).not.toContain(stale);
  });

  it('writes nothing when NODE_DISABLE_COMPILE_CACHE is set, or for --version and --help', async () => {
    const dir = freshCacheDir();
    expect(await run(dir, search, { NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ code: 0, stderr: '' });
    const env = { MOTOROUTE_CACHE_DIR: dir };
    expect(await runCli(['--version'], { env })).toMatchObject({ code: 0, stderr: '' });
    expect(await runCli(['search', '--help'], { env })).toMatchObject({ code: 0, stderr: '' });
    expect(cacheFiles(dir)).toEqual([]);
  });

  it('runs as usual, and says nothing, when the cache directory cannot be made', async () => {
    const dir = freshCacheDir();
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const result = await run(file, search);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toBeInstanceOf(Array);
  });
});
