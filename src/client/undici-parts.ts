import type { Agent as AgentType, buildConnector as BuildConnector, Dispatcher } from 'undici';

/** The two parts of undici a request needs: its connection pool and its request API. */
export interface UndiciParts {
  Agent: typeof AgentType;
  /** `agent.request(...)` without loading the rest of undici. */
  request(agent: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData>;
  /** undici's own connector (TCP or TLS), to wrap (see interim-responses.ts). */
  buildConnector: typeof BuildConnector;
}

type RequestApi = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

let loaded: Promise<UndiciParts> | undefined;

/**
 * Loads undici's Agent and request API by their own modules: the package index also loads fetch,
 * WebSocket, caches and mocks, which doubles the import cost of a one-request CLI run.
 */
export function loadUndiciParts(): Promise<UndiciParts> {
  loaded ??= Promise.all([
    // @ts-expect-error undici ships no declarations for its internal modules; the types come from the index.
    import('undici/lib/dispatcher/agent.js') as Promise<{ default: typeof AgentType }>,
    // @ts-expect-error as above
    import('undici/lib/api/api-request.js') as Promise<{ default: RequestApi }>,
    // @ts-expect-error as above
    import('undici/lib/core/connect.js') as Promise<{ default: typeof BuildConnector }>,
  ]).then(([agentModule, requestModule, connectModule]) => {
    const requestApi = requestModule.default;
    return {
      Agent: agentModule.default,
      buildConnector: connectModule.default,
      request: (agent, url, options) =>
        requestApi.call(agent, { ...options, origin: url.origin, path: `${url.pathname}${url.search}` }),
    };
  });
  return loaded;
}

/** The one WebAssembly call used here (the TypeScript libraries of this project do not declare the global). */
interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<object>;
}

/** undici's HTTP parser compiled ahead (compileHttpParserEarly), kept alive so that V8 can hand it to undici. */
let earlyParser: Promise<object | undefined> | undefined;

/**
 * Starts compiling undici's HTTP parser (llhttp, WebAssembly) on V8's background threads while the caller does
 * other work. undici compiles it synchronously when its first connection opens (~1 ms of the main thread, between
 * connecting and sending); V8 answers a compilation of the same bytes with the module already compiled while that
 * module lives, which this one does for the whole process. Only the bytes undici picks by default (SIMD) are worth it.
 */
export function compileHttpParserEarly(): void {
  if (process.env.UNDICI_NO_WASM_SIMD === '1' || process.arch === 'ppc64') return;
  earlyParser ??= (
    // @ts-expect-error undici ships no declarations for its internal modules.
    import('undici/lib/llhttp/llhttp_simd-wasm.js') as Promise<{ default: Uint8Array }>
  )
    .then((bytes) => (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly.compile(bytes.default))
    // Compiling is only a head start: undici compiles (or falls back) on its own, and says why.
    .catch(() => undefined);
}
