import type { Agent as AgentType, buildConnector as BuildConnector, Dispatcher } from 'undici';

/** The two parts of undici a request needs: its connection pool and its request API. */
export interface UndiciParts {
  Agent: typeof AgentType;
  /** `agent.request(...)` without loading the rest of undici. */
  request(
    agent: Dispatcher,
    url: URL,
    options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>,
  ): Promise<Dispatcher.ResponseData>;
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
