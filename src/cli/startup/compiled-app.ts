import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { RunCommand } from '../main.js';
import { requireWithCodeCache } from './code-cache.js';
import { commandWord } from './command-word.js';
import { compileHttpParserEarly } from './http-parser.js';
import { holdYoungGeneration, LISTING_SEMI_SPACE_MIB, semiSpaceGrowthFlag } from './young-generation.js';

/** A digest of dist/app.cjs, defined by scripts/build.mjs: code caches are named after it. */
declare const MOTOROUTE_APP_ID: string;
/** The digest of each separate bundle beside it (dist/mcp.cjs), by file name. */
declare const MOTOROUTE_BUNDLE_IDS: Readonly<Record<string, string>>;

/** Commands that run long enough (a listing, a server, a watch) for V8's baseline compiler to pay. */
const RUNS_FOR_LONG: ReadonlySet<string> = new Set(['list', 'serve', 'mcp', 'watch']);

/**
 * V8 flags for a command. They are set before any of the app is compiled because V8 files its code
 * cache under the flags in force: a flag set later would make every cache useless.
 */
export function v8FlagsFor(command: string): string[] {
  // undici's HTTP parser is WebAssembly; V8's optimising tier-up of it would hold a short run's exit
  // by ~50 ms, and the baseline compiler is fast enough for our bodies (PERF-NOTES.md). The parser is
  // compiled whole, by one background thread (the other core stays the main thread's), while the command
  // is set up (compileHttpParserEarly), rather than function by function on the main thread as the first
  // answer is parsed (~1 ms of a search).
  const flags = ['--liftoff-only', '--no-wasm-lazy-compilation', '--wasm-num-compilation-tasks=1'];
  // Sparkplug, V8's baseline compiler, compiles warm functions on the main thread: in a run of a few
  // dozen milliseconds that costs more (~1 ms of a search) than the faster code gives back.
  if (!RUNS_FOR_LONG.has(command)) flags.push('--no-sparkplug');
  // A listing allocates ~1.2 GB of short-lived objects per million routes. V8 would double its young
  // generation step by step as the run goes on, so peak memory grew with the listing's length (80 MiB
  // at 200,000 routes, 110 at 1,000,000); growing it at once to a fixed size, and holding it there
  // (holdYoungGeneration), keeps memory flat and low.
  if (command === 'list') flags.push(semiSpaceGrowthFlag(LISTING_SEMI_SPACE_MIB));
  return flags;
}

/**
 * The directory of code caches: MOTOROUTE_CACHE_DIR, else the XDG (or platform) cache directory;
 * none when NODE_DISABLE_COMPILE_CACHE is set (Node's own switch for its compile cache).
 */
export function codeCacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  // node:os only where HOME is missing: loading it costs a run ~0.1 ms.
  const home = () => env.HOME || process.getBuiltinModule('node:os').homedir();
  let base: string;
  if (env.MOTOROUTE_CACHE_DIR) base = env.MOTOROUTE_CACHE_DIR;
  else if (process.platform === 'win32')
    base = join(env.LOCALAPPDATA ?? join(home(), 'AppData', 'Local'), 'motoroute', 'Cache');
  else if (process.platform === 'darwin') base = join(home(), 'Library', 'Caches', 'motoroute');
  else base = join(env.XDG_CACHE_HOME || join(home(), '.cache'), 'motoroute');
  return join(base, 'code-cache');
}

/** Loads the command runner from dist/app.cjs, compiled with the code cache of the command `argv` runs. */
export async function loadCompiledRunCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<RunCommand> {
  const command = commandWord(argv);
  for (const flag of v8FlagsFor(command)) setFlagsFromString(flag);
  // Before the code cache's writer is registered (see holdYoungGeneration).
  if (command === 'list') holdYoungGeneration(LISTING_SEMI_SPACE_MIB);
  // Most commands send a request: undici's parser is decoded on another thread while the app is read, and compiled
  // while the command is set up.
  compileHttpParserEarly(join(import.meta.dirname, 'llhttp', 'llhttp_simd.wasm'));
  const directory = codeCacheDirectory(env);
  const buildPrefix = `${MOTOROUTE_APP_ID}-`;
  const cache =
    directory === undefined
      ? undefined
      : { path: join(directory, `${buildPrefix}${process.version}-${process.arch}-${command}.v8`), buildPrefix };
  // This module runs as dist/cli.cjs, CommonJS beside the bundles: its own `require` resolves what they require
  // (Node's modules, dist/vendor/), as node:module's createRequire would without loading it (~0.2 ms).
  // The separate bundles (scripts/esbuild-plugins.mjs, SEPARATE_ENTRIES) load through this, with a code cache of their own.
  Object.assign(globalThis, {
    [Symbol.for('motoroute.requireBundle')]: (name: string) => {
      const id = MOTOROUTE_BUNDLE_IDS[name];
      const bundleCache =
        directory === undefined || id === undefined
          ? undefined
          : {
              path: join(directory, `${buildPrefix}${process.version}-${process.arch}-${command}-${name}-${id}.v8`),
              buildPrefix,
            };
      return requireWithCodeCache(join(import.meta.dirname, name), bundleCache, require);
    },
  });
  const app = requireWithCodeCache(join(import.meta.dirname, 'app.cjs'), cache, require) as { runCommand: RunCommand };
  // V8 starts compiling the parser, once it is decoded, in a task of the event loop, and a command's set-up never
  // gives the loop a turn before connecting (undici would then wait for the whole compilation): one turn here.
  await new Promise((resolve) => setImmediate(resolve));
  return app.runCommand;
}
