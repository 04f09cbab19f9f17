import type { Agent as AgentType, buildConnector as BuildConnector, Dispatcher } from 'undici';

/** The two parts of undici a request needs: its connection pool and its request API. */
export interface UndiciParts {
  Agent: typeof AgentType;
  /** `agent.request(...)` of `url`. */
  request(
    agent: Dispatcher,
    url: URL,
    options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>,
  ): Promise<Dispatcher.ResponseData>;
  /** undici's own connector (TCP or TLS), to wrap (see interim-responses.ts). */
  buildConnector: typeof BuildConnector;
}

let loaded: Promise<UndiciParts> | undefined;

/** Loads undici (its public entry) on first use: a run that sends nothing never pays for it. */
export function loadUndiciParts(): Promise<UndiciParts> {
  loaded ??= import('undici').then(({ Agent, buildConnector }) => ({
    Agent,
    buildConnector,
    request: (agent, url, options) =>
      agent.request({ ...options, origin: url.origin, path: `${url.pathname}${url.search}` }),
  }));
  return loaded;
}
