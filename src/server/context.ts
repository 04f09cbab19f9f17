import type { IncomingMessage } from 'node:http';
import type { Deviations } from './deviations/deviations.js';
import type { FaultController } from './faults.js';
import type { Reply } from './http/reply.js';
import type { IdempotencyStore } from './idempotency.js';
import type { JobStore } from './job-store.js';
import type { ResolvedOptions } from './options.js';
import type { ServiceData } from './service-data.js';
import type { RequestCounter } from './stats.js';

/** Everything the handlers share for the life of one server. */
export interface ServiceState {
  options: ResolvedOptions;
  data: ServiceData;
  jobs: JobStore;
  idempotency: IdempotencyStore;
  stats: RequestCounter;
  faults: FaultController;
  /** How this deployment's JSON differs from the reference (all off by default). */
  deviations: Deviations;
  /** The service clock's date, YYYY-MM-DD. */
  today(): string;
}

/** One request, as handlers see it. */
export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** Path without the version prefix, e.g. '/route/ai/search'. */
  path: string;
  /** '/v1' or '' (legacy alias), as the request used. */
  prefix: string;
  /** Named path parameters, e.g. { jobId }. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** http://host:port as the client addressed us. */
  origin: string;
}

/** A route handler. */
export type Handler = (ctx: RequestContext, state: ServiceState) => Reply | Promise<Reply>;
