import type { RouteClient } from '../../client/client.js';
import type { QueryParams, RawResponse } from '../../client/options.js';
import { bodyText } from '../../client/decode.js';
import { schemas } from '../../client/schemas.js';
import { NetworkError } from '../../errors.js';
import { firstValue } from './documents.js';

/** A GET that got an HTTP answer (any status). */
export interface ProbeAnswer {
  kind: 'answer';
  url: string;
  status: number;
  headers: RawResponse['headers'];
  body: Uint8Array;
  ms: number;
}

/** A GET that got no answer after the client's retries. */
export interface ProbeFailure {
  kind: 'failure';
  url: string;
  error: NetworkError;
  ms: number;
}

/** The outcome of one GET. */
export type ProbeResult = ProbeAnswer | ProbeFailure;

/** A Deprecation header seen on a checked response. */
export interface SeenDeprecation {
  url: string;
  value: string;
  sunset?: string;
}

/** Sends doctor's GETs through the clients (retries, budget and timeouts included), timing each and noting Deprecation headers. */
export class Probe {
  readonly deprecations: SeenDeprecation[] = [];
  readonly answers: ProbeAnswer[] = [];

  constructor(private readonly clientAt: (baseUrl: string) => Promise<RouteClient>) {}

  /** GET `path` under `baseUrl` (retried unless `retry` is false); network failures and timeouts are returned, anything else (Ctrl-C) is thrown. */
  async get(
    baseUrl: string,
    path: string,
    query?: QueryParams,
    options: { retry?: boolean } = {},
  ): Promise<ProbeResult> {
    const client = await this.clientAt(baseUrl);
    const started = performance.now();
    try {
      const response = await client.request('GET', path, {
        ...(query && { query }),
        ...(options.retry === false && { retry: false }),
      });
      const answer: ProbeAnswer = {
        kind: 'answer',
        url: response.url,
        status: response.status,
        headers: response.headers,
        body: response.body,
        ms: elapsed(started),
      };
      this.answers.push(answer);
      this.noteDeprecation(answer);
      return answer;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return { kind: 'failure', url: error.url ?? `${baseUrl}${path}`, error, ms: elapsed(started) };
    }
  }

  private noteDeprecation(answer: ProbeAnswer): void {
    const value = firstValue(answer.headers.deprecation);
    if (value === undefined) return;
    const sunset = firstValue(answer.headers.sunset);
    this.deprecations.push({ url: answer.url, value, ...(sunset !== undefined && { sunset }) });
  }
}

/** Parses a body as JSON, or undefined when it is not JSON. */
export function jsonBody(answer: ProbeAnswer): unknown {
  try {
    return JSON.parse(bodyText(answer.body, answer.headers['content-type'])) as unknown;
  } catch {
    return undefined;
  }
}

/** `HTTP 404: <the service's message>` (the `{error}` text when the body has one). */
export function describeStatus(answer: ProbeAnswer): string {
  const error = schemas.error().safeParse(jsonBody(answer));
  return `HTTP ${answer.status}${error.success ? `: ${error.data.error}` : ''}`;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
