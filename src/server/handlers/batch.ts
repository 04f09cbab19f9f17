import type { BatchResponse, SearchQuery } from '../../domain/types.js';
import type { Handler, ServiceState } from '../context.js';
import { parseJsonBody, readBodyText } from '../http/body.js';
import { HttpError, jsonReply } from '../http/reply.js';
import { checkSearchQueryObject } from '../search-query.js';
import { BOOK_URL, searchSlice } from '../search-run.js';

const MAX_QUERIES = 10;

/**
 * POST /route/ai/batch: up to 10 searches, every match of each. With an Idempotency-Key the first
 * answer is replayed for five minutes (marked `Idempotent-Replayed: true`); the same key with a
 * different body is refused with 422.
 */
export const batchHandler: Handler = async (ctx, state) => {
  const key = idempotencyKey(ctx.req.headers['idempotency-key']);
  const queries = checkBatchBody(parseJsonBody(await readBodyText(ctx.req)));
  const fingerprint = JSON.stringify(queries);
  const now = Date.now();
  if (key !== undefined) {
    const stored = state.idempotency.get(key, now);
    if (stored && stored.fingerprint !== fingerprint) {
      throw new HttpError(
        422,
        'this Idempotency-Key was already used with a different request body; use a new key for a new batch',
      );
    }
    if (stored) return jsonReply(200, stored.body, { 'idempotent-replayed': 'true' });
  }
  const body = state.deviations.batch(runBatch(state, queries), state.today());
  if (key !== undefined) state.idempotency.put(key, { fingerprint, body, storedAt: now });
  return jsonReply(200, body);
};

function runBatch(state: ServiceState, queries: SearchQuery[]): BatchResponse {
  state.stats.countBatchRun();
  const today = state.today();
  const results = queries.map((query, index) => {
    const { routes, total } = searchSlice(state.data, query, today, 0, Number.MAX_SAFE_INTEGER);
    return { index, query, routes, total };
  });
  return { results, book_url: BOOK_URL };
}

/** Checks the body: {queries: [1..10 search query objects]}; 400 naming the first problem. */
function checkBatchBody(body: unknown): SearchQuery[] {
  if (body === undefined) throw new HttpError(400, 'a JSON body {"queries": [...]} is required');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'the body must be a JSON object {"queries": [...]}');
  const { queries } = body as { queries?: unknown };
  if (queries === undefined) throw new HttpError(400, 'queries is required');
  if (!Array.isArray(queries)) throw new HttpError(400, 'queries must be an array of search query objects');
  if (queries.length === 0) throw new HttpError(400, 'queries must not be empty');
  if (queries.length > MAX_QUERIES)
    throw new HttpError(400, `queries has ${queries.length} items; at most ${MAX_QUERIES} are allowed per batch`);
  return queries.map((query: unknown, index) => checkSearchQueryObject(query, `queries[${index}]`).filter);
}

function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.trim() === '' || key.length > 255)
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 characters');
  return key;
}
