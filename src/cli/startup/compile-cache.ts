import { join } from 'node:path';

/**
 * The directory of the CLI's compile cache: MOTOROUTE_CACHE_DIR, else the XDG (or platform) cache directory.
 * Persistent and the user's own, where Node's default (the system's temp folder) is shared and cleared.
 */
export function compileCacheDirectory(env: NodeJS.ProcessEnv): string {
  // node:os only where HOME is missing: loading it costs a run ~0.1 ms.
  const home = () => env.HOME || process.getBuiltinModule('node:os').homedir();
  let base: string;
  if (env.MOTOROUTE_CACHE_DIR) base = env.MOTOROUTE_CACHE_DIR;
  else if (process.platform === 'win32')
    base = join(env.LOCALAPPDATA ?? join(home(), 'AppData', 'Local'), 'motoroute', 'Cache');
  else if (process.platform === 'darwin') base = join(home(), 'Library', 'Caches', 'motoroute');
  else base = join(env.XDG_CACHE_HOME || join(home(), '.cache'), 'motoroute');
  return join(base, 'compile-cache');
}

/**
 * Turns on Node's compile cache (module.enableCompileCache, Node ≥ 22.1) for the modules loaded from now on: a
 * later run reuses the code V8 compiled for them instead of parsing and compiling the bundles again. Node checks
 * each cache against the hash of the source it was made from, so a stale or foreign cache is only ignored.
 * NODE_DISABLE_COMPILE_CACHE turns it off; a cache that cannot be written costs time, nothing else.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  try {
    process.getBuiltinModule('node:module').enableCompileCache(compileCacheDirectory(env));
  } catch {
    // A directory that cannot be made (a read-only home, say) only costs the cache.
  }
}
