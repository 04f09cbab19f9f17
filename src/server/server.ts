import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { franceDate } from '../domain/dates.js';
import type { RequestContext, ServiceState } from './context.js';
import { handleControl } from './control.js';
import { answerPreflight, isPreflight, setCorsHeaders } from './cors.js';
import { Deviations } from './deviations/deviations.js';
import { FaultController, type FaultHooks } from './faults.js';
import { generateBaseRoutes } from './generate.js';
import { errorReply, HttpError, type Reply } from './http/reply.js';
import { sendReply, type Spoil } from './http/send.js';
import { wireFor } from './http/wire.js';
import { IdempotencyStore } from './idempotency.js';
import { JobStore } from './job-store.js';
import { isUnderPrefix, movedReply } from './moved.js';
import { resolveOptions, serviceToday, type ServerOptions } from './options.js';
import { createRandom } from './random.js';
import { findRoute, splitPrefix } from './routes.js';
import { searchEnvelope } from './handlers/search.js';
import { shapeJobResult } from './shapes.js';
import { ServiceData } from './service-data.js';
import { RequestCounter, type ServerStats } from './stats.js';

/** A started local service. */
export interface RunningServer {
  /** e.g. http://127.0.0.1:43567 (no trailing slash); the versioned base is url + '/v1'. */
  url: string;
  port: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
  stats: ServerStats;
  faults: FaultHooks;
  /** Resolves once no request is being answered (and none that had reached the machine is left unread). */
  idle(): Promise<void>;
  /** In-process access to the trips: listTrips, getTrip, addTrip, setSlots, removeTrip. */
  data: ServiceData;
}

/** Generates the data and starts the local service on loopback (port 0 by default). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const resolved = resolveOptions(options);
  const generationDay = resolved.fixedToday ?? franceDate(new Date());
  const data = new ServiceData(generateBaseRoutes(resolved.routes, resolved.seed, generationDay));
  // Jobs run their search when first polled after the delay, by which time `state` exists.
  const jobs = new JobStore(
    resolved.jobDelayMs,
    resolved.jobFailRate,
    createRandom(`jobs:${resolved.faultSeed}`),
    (params) =>
      shapeJobResult(state.deviations.page(searchEnvelope(state, params), state.today()), resolved.jobResultShape),
  );
  const state: ServiceState = {
    options: resolved,
    data,
    jobs,
    idempotency: new IdempotencyStore(),
    stats: new RequestCounter(),
    faults: new FaultController(resolved),
    deviations: new Deviations(resolved),
    today: () => serviceToday(resolved),
  };

  const activity = new Activity();
  const server = createServer((req, res) => {
    activity.started(res);
    handleRequest(req, res, state).catch((error: unknown) => {
      resolved.log?.(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent)
        sendReply(res, errorReply(500, 'internal server error'), {}, 'none').catch(() => res.destroy());
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    port,
    stats: state.stats,
    faults: state.faults,
    idle: () => activity.idle(),
    data,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, state: ServiceState): Promise<void> {
  const started = performance.now();
  const url = new URL(req.url ?? '/', 'http://service.invalid');
  const method = req.method ?? 'GET';
  res.once('finish', () =>
    state.options.log?.(`${method} ${req.url ?? ''} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`),
  );

  if (state.options.control && (url.pathname === '/__control' || url.pathname.startsWith('/__control/'))) {
    const reply = await handleControl(req, url.pathname, url.searchParams, state).catch(asErrorReply);
    await sendReply(res, reply, { 'cache-control': 'no-store' }, 'none');
    return;
  }

  if (state.options.cors) {
    setCorsHeaders(res);
    if (isPreflight(req)) {
      answerPreflight(req, res);
      return;
    }
  }

  const origin = `http://${req.headers.host ?? `${state.options.host}:${req.socket.localPort ?? 0}`}`;
  const acceptEncoding = req.headers['accept-encoding'];
  const { movedTo, movedStatus } = state.options;
  if (movedTo !== undefined && !isUnderPrefix(url.pathname, movedTo)) {
    state.stats.countRedirect();
    const reply = movedReply(url.pathname, url.search, method, origin, movedTo, movedStatus);
    await sendReply(res, reply, { 'cache-control': 'no-store' }, 'none', wireFor(state.options, acceptEncoding, false));
    return;
  }

  const { prefix, path } = splitPrefix(url.pathname, movedTo);
  const route = findRoute(path, method);
  state.stats.count(path, route.kind === 'missing' ? undefined : route.template);
  if (state.options.latencyMs > 0) await delay(state.options.latencyMs);

  // A queued fault is for a request someone awaits: one its client abandoned (a page fetched ahead, then not
  // wanted) lets it pass. The client's close comes just after its request: a turn of the event loop reads it.
  let wanted = true;
  if (state.faults.hasQueued(path)) {
    await nextTurn();
    await nextTurn();
    wanted = !req.socket.destroyed && !req.socket.readableEnded;
  }
  const now = Date.now();
  const decision = state.faults.decide(path, now, wanted);
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    ...state.faults.rateLimitHeaders(now),
    ...deprecationHeaders(state, path, route.kind === 'missing' ? undefined : route.template),
  };
  let reply: Reply;
  let spoil: Spoil = 'none';
  let corrupt = false;
  if (decision.kind === 'rate-limited') {
    reply = errorReply(429, `too many requests; retry after ${decision.retryAfterSeconds} seconds`, {
      'retry-after': String(decision.retryAfterSeconds),
    });
  } else if (decision.kind === 'fail') {
    reply = errorReply(500, 'internal server error (simulated); retry with backoff');
  } else {
    ({ spoil, corrupt } = decision);
    reply = await answer(route, { req, method, path, prefix, params: {}, query: url.searchParams, origin }, state);
  }
  await sendReply(res, reply, headers, spoil, wireFor(state.options, acceptEncoding, corrupt));
}

async function answer(route: ReturnType<typeof findRoute>, ctx: RequestContext, state: ServiceState): Promise<Reply> {
  if (route.kind === 'missing')
    return errorReply(404, `no endpoint at ${ctx.prefix}${ctx.path}; see ${ctx.origin}/openapi.json`);
  if (route.kind === 'wrong-method') {
    return errorReply(405, `${ctx.method} is not allowed on ${ctx.prefix}${ctx.path}; use ${route.allow}`, {
      allow: route.allow,
    });
  }
  try {
    return await route.handler({ ...ctx, params: route.params }, state);
  } catch (error) {
    return asErrorReply(error);
  }
}

function asErrorReply(error: unknown): Reply & { kind: 'json' } {
  if (error instanceof HttpError) return errorReply(error.status, error.message, error.headers);
  throw error;
}

/** RFC 9745 Deprecation (and Sunset, Link) on the paths (or route templates) configured as deprecated. */
function deprecationHeaders(state: ServiceState, path: string, template: string | undefined): Record<string, string> {
  const { deprecate } = state.options;
  if (!deprecate.includes(path) && !(template !== undefined && deprecate.includes(template))) return {};
  const since = Date.parse(`${state.today()}T00:00:00Z`);
  return {
    deprecation: `@${Math.floor(since / 1000)}`,
    sunset: new Date(since + 180 * 86_400_000).toUTCString(),
    link: '</openapi.json>; rel="deprecation"; type="application/json"',
  };
}

/** Resolves after the event loop has gone round once (past its poll for I/O). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Counts the requests being answered, to tell when the service is idle. */
class Activity {
  #active = 0;
  #waiters: (() => void)[] = [];

  started(res: ServerResponse): void {
    this.#active++;
    res.once('close', () => {
      this.#active--;
      if (this.#active === 0) for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Two turns of the event loop let bytes already on the machine be read as requests before counting. */
  async idle(): Promise<void> {
    for (;;) {
      await nextTurn();
      await nextTurn();
      if (this.#active === 0) return;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }
}
