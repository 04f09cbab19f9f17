import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// The built CLI loads its bundles with Node's compile cache (module.enableCompileCache, src/cli/startup/
// compile-cache.ts) in MOTOROUTE_CACHE_DIR/compile-cache: written by a first run, reused by the next, and checked
// by Node against the source's hash, so a spoilt cache is never run.

const service = useService({ routes: 2000 });

function freshCacheDir(): string {
  return mkdtempSync(join(tmpdir(), 'motoroute-compile-cache-'));
}

function run(cacheDir: string, args: string[], env: Record<string, string> = {}, input?: string) {
  return runCli(['--base-url', service.base, ...args], {
    env: { MOTOROUTE_CACHE_DIR: cacheDir, ...env },
    ...(input === undefined ? {} : { input }),
  });
}

// --all: every page, so stderr stays empty (a first page of several is said there).
const search = ['search', 'Paris', 'Marseille', '--all', '--json'];

/** Every file of the compile cache, by its path under the cache directory. */
function cacheFiles(cacheDir: string): string[] {
  try {
    return readdirSync(join(cacheDir, 'compile-cache'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

function identity(path: string): string {
  const stat = statSync(path);
  return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
}

describe('compile cache', () => {
  it('is written by the first run of a command and reused, untouched, by the next', async () => {
    const dir = freshCacheDir();
    const first = await run(dir, search);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const files = cacheFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.reduce((total, path) => total + statSync(path).size, 0)).toBeGreaterThan(10_000);
    const before = files.map(identity);

    const second = await run(dir, search);
    expect(second).toMatchObject({ code: 0, stderr: '', stdout: first.stdout });
    // Node accepted it: a turned-down cache would have been written again.
    expect(cacheFiles(dir).map(identity)).toEqual(before);
  });

  it('turns down a spoilt cache, runs as usual and writes a good one in its place', async () => {
    const dir = freshCacheDir();
    const good = await run(dir, search);
    const files = cacheFiles(dir);
    for (const path of files) writeFileSync(path, Buffer.alloc(statSync(path).size, 0x5a));
    const spoilt = files.map(identity);

    const result = await run(dir, search);
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: good.stdout });
    expect(cacheFiles(dir).map(identity)).not.toEqual(spoilt);
    expect(cacheFiles(dir).some((path) => readFileSync(path).some((byte) => byte !== 0x5a))).toBe(true);
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
