import type { Server } from 'node:http';

/** How long a client may take to send a request, and how many connections may be open at once. */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this time (slow-header clients). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this time (slow-body clients); answers may stream longer. */
  requestTimeoutMs: number;
  /** Connections open at once; past it a new one is closed at once. */
  maxConnections: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
}

// A request here is at most 1 MiB of JSON: on any link that matters, seconds. Node's defaults (60 s for the
// headers, 300 s for the request) let a few hundred slow clients hold every socket.
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 512,
  keepAliveTimeoutMs: 5_000,
};

/** Node's server options for these limits (the timeouts are checked every second, not Node's default 30 s). */
export function serverOptions(limits: ConnectionLimits): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
}

/** Caps the connections open at once on `server`. */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
}
