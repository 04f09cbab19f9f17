import { readFileSync } from 'node:fs';

/** The one WebAssembly call used here (the TypeScript libraries of this project do not declare the global). */
interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<object>;
}

/** undici's HTTP parser compiled ahead, kept alive so that V8 can hand it to undici. */
let _earlyParser: Promise<object | undefined> | undefined;

/**
 * Hands undici's HTTP parser (llhttp, WebAssembly; `file` is the build's copy of the bytes undici picks by default,
 * SIMD) to V8 to compile off the main thread: V8 decodes it at once and compiles it from the event loop's next turn.
 * undici compiles the parser synchronously when its first connection opens, and V8 answers a compilation of the same
 * bytes with the module already compiled (or waits for the one under way) while that module lives, which this one
 * does for the whole process.
 */
export function compileHttpParserEarly(file: string): void {
  if (process.env.UNDICI_NO_WASM_SIMD === '1' || process.arch === 'ppc64') return;
  try {
    _earlyParser ??= (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly.compile(readFileSync(file))
      // Compiling is only a head start: undici compiles (or falls back) on its own, and says why.
      .catch(() => undefined);
  } catch {
    // As above: a missing file only costs undici its head start.
  }
}
