import type { IncomingMessage } from 'node:http';
import type { ServiceState } from './context.js';
import { parseJsonBody, readBodyText } from './http/body.js';
import { errorReply, HttpError, jsonReply, type JsonReply } from './http/reply.js';
import { TripInputError } from './service-trip.js';

/** True for 127.0.0.0/8 and ::1 peers (also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** A loopback host name: `localhost` (and `*.localhost`), 127.0.0.0/8, ::1. */
function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether an authority (a Host header, or an Origin's host and port) names this service: its own port, and a
 * loopback name or the address the connection came in on. A page that rebinds its own name to 127.0.0.1 sends
 * that name as Host, and is refused.
 */
function isOwnAuthority(hostname: string, port: string, req: IncomingMessage): boolean {
  const localPort = String(req.socket.localPort ?? '');
  if ((port === '' ? '80' : port) !== localPort) return false;
  const local = (req.socket.localAddress ?? '').replace(/^::ffff:/, '');
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return isLoopbackName(name) || (local !== '' && name === local);
}

/**
 * What a web page could send is refused (a page the user visits while `serve --control` runs): an Origin that
 * is not this service's own, or a Host that is not its own address (DNS rebinding). Tools like curl and the
 * tests send no Origin and their own Host, and pass. Undefined when the request may go on, else the reason.
 */
export function refusedByBrowserChecks(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (host !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(`http://${host}`);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !isOwnAuthority(parsed.hostname, parsed.port, req))
      return "the control endpoints answer requests to this service's own address only (Host)";
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || parsed.protocol !== 'http:' || !isOwnAuthority(parsed.hostname, parsed.port, req))
      return 'the control endpoints do not answer web pages of other origins';
  }
  return undefined;
}

/**
 * The test-only /__control endpoints (never counted, never faulted):
 * GET/POST /__control/trips, GET/DELETE /__control/trips/{id}, POST /__control/trips/{id}/slots {slots},
 * GET /__control/stats[?path=…], POST /__control/stats/reset,
 * POST /__control/faults {kind: fail|rate-limit|cut|malformed|corrupt, n, path?, retry_after?}.
 */
export async function handleControl(
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  state: ServiceState,
): Promise<JsonReply> {
  if (!isLoopback(req.socket.remoteAddress))
    return errorReply(403, 'the control endpoints answer loopback clients only');
  const refused = refusedByBrowserChecks(req);
  if (refused !== undefined) return errorReply(403, refused);
  const method = req.method ?? 'GET';
  const body = async (): Promise<Record<string, unknown>> => {
    const parsed = parseJsonBody(await readBodyText(req));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new HttpError(400, 'the body must be a JSON object');
    return parsed as Record<string, unknown>;
  };
  try {
    const tripMatch = /^\/__control\/trips\/([^/]+)(\/slots)?$/.exec(path);
    if (path === '/__control/trips' && method === 'GET') {
      const limit = Number(query.get('limit') ?? 100);
      return jsonReply(200, { trips: state.data.listTrips({ visibleOnly: query.get('visible') === 'true', limit }) });
    }
    if (path === '/__control/trips' && method === 'POST') return jsonReply(201, state.data.addTrip(await body()));
    if (tripMatch?.[2] && method === 'POST') {
      const { slots } = await body();
      if (!Array.isArray(slots)) throw new HttpError(400, 'slots must be an array of integers, one per leg');
      return jsonReply(200, state.data.setSlots(decodeURIComponent(tripMatch[1] as string), slots));
    }
    if (tripMatch && !tripMatch[2]) {
      const id = decodeURIComponent(tripMatch[1] as string);
      if (method === 'GET') {
        const trip = state.data.getTrip(id);
        return trip ? jsonReply(200, trip) : errorReply(404, `no trip with id ${id}`);
      }
      if (method === 'DELETE')
        return state.data.removeTrip(id) ? jsonReply(200, { deleted: id }) : errorReply(404, `no trip with id ${id}`);
    }
    if (path === '/__control/stats' && method === 'GET') {
      const forPath = query.get('path');
      const counts = { requests: state.stats.requests(forPath ?? undefined), batch_runs: state.stats.batchRuns() };
      return jsonReply(
        200,
        state.options.movedTo === undefined ? counts : { ...counts, redirects: state.stats.redirects() },
      );
    }
    if (path === '/__control/stats/reset' && method === 'POST') {
      state.stats.reset();
      return jsonReply(200, { reset: true });
    }
    if (path === '/__control/faults' && method === 'POST') return queueFault(await body(), state);
    return errorReply(404, `no control endpoint ${method} ${path}`);
  } catch (error) {
    if (error instanceof TripInputError) return errorReply(/^no trip/.test(error.message) ? 404 : 400, error.message);
    throw error;
  }
}

function queueFault(input: Record<string, unknown>, state: ServiceState): JsonReply {
  const { kind, n, path, retry_after: retryAfter } = input;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new HttpError(400, 'n must be a non-negative integer');
  if (path !== undefined && typeof path !== 'string') throw new HttpError(400, 'path must be a string');
  const target = path as string | undefined;
  if (kind === 'fail') state.faults.failNext(n, target);
  else if (kind === 'cut') state.faults.cutNext(n, target);
  else if (kind === 'malformed') state.faults.malformedNext(n, target);
  else if (kind === 'corrupt') state.faults.corruptNext(n, target);
  else if (kind === 'rate-limit')
    state.faults.rateLimitNext(n, typeof retryAfter === 'number' ? retryAfter : 1, target);
  else throw new HttpError(400, 'kind must be fail, rate-limit, cut, malformed or corrupt');
  return jsonReply(200, { queued: { kind, n, path: target ?? null } });
}
