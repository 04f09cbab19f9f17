import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Where a bundle's code cache lives: its file, and the name prefix every cache of the same bundle shares. */
export interface CodeCacheFile {
  path: string;
  /** Caches (`*.v8`) in the same directory without this prefix belong to other builds: the next write removes them. */
  buildPrefix: string;
}

/**
 * Loads a CommonJS bundle as `require` would, but compiled with V8's code cache: the bytecode of the
 * functions a previous run compiled, so this run neither parses the bundle nor compiles them again
 * (Node 20 has no `module.enableCompileCache`, and no cache at all for ES modules). When there is no
 * cache yet, or V8 turns it down (another Node, other V8 flags), one is written as the process exits,
 * holding everything the run compiled. V8 checks only the source's length, so the cache's name must
 * identify the bundle's content. Failing to read or write a cache only costs time. `requireBesideIt` is the
 * bundle's `require`: one of a module in the same directory (dist/) resolves what the bundle requires.
 */
export function requireWithCodeCache(
  file: string,
  cache: CodeCacheFile | undefined,
  requireBesideIt: NodeJS.Require,
): unknown {
  // The build keeps the bundles ASCII (scripts/build.mjs), so Latin-1, a plain copy, reads them as UTF-8 would, ~0.6 ms sooner for app.cjs.
  const source = readFileSync(file, 'latin1');
  const cachedData = cache && readCache(cache.path);
  const script = new Script(`${MODULE_WRAPPER[0]}${source}${MODULE_WRAPPER[1]}`, {
    filename: file,
    ...(cachedData && { cachedData }),
  });
  if (cache && (!cachedData || script.cachedDataRejected)) {
    process.once('exit', () => writeCache(cache, script));
  }
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, requireBesideIt, module, file, dirname(file));
  return module.exports;
}

/** Node's own CommonJS wrapper (node:module's `wrapper`, which is not loaded for it). */
const MODULE_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'] as const;

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** A cache, or one being written, by this module: nothing else in the directory is touched. */
const CACHE_FILE = /\.v8(\.\d+\.tmp)?$/;

function writeCache(cache: CodeCacheFile, script: Script): void {
  const directory = dirname(cache.path);
  const partial = `${cache.path}.${process.pid}.tmp`;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(directory)) {
      if (CACHE_FILE.test(name) && !name.startsWith(cache.buildPrefix)) removeQuietly(join(directory, name));
    }
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    // A reader sees the old cache or the new one whole, never half of one.
    renameSync(partial, cache.path);
  } catch {
    removeQuietly(partial);
  }
}

/** Runs in an exit handler, so it must not throw. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Left for a later write to remove.
  }
}
