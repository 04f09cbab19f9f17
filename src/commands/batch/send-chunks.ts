import type { RouteClient } from '../../client/client.js';
import type { BatchResponse, BatchResult, SearchQuery } from '../../domain/types.js';
import { ApiError, MotorouteError } from '../../errors.js';

/** At most this many queries go in one request (reference §4.4). */
export const BATCH_CHUNK_SIZE = 10;

/** The answer of one request, its results renumbered to the queries' positions in the whole input. */
export interface BatchChunkAnswer {
  /** 1-based number of the request, and how many there are. */
  request: number;
  requests: number;
  results: BatchResult[];
  bookUrl: string;
}

/** Splits items into runs of at most `size`, in order. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Sends the queries in requests of at most 10, one after another (the client's rate budget paces
 * them), and yields each answer in input order. Each request has its own Idempotency-Key, which the
 * client reuses on every retry; `idempotencyKey` fixes it and is only allowed for a single request.
 * A failing request's error says which queries it held.
 */
export async function* sendBatchChunks(
  client: RouteClient,
  queries: readonly SearchQuery[],
  options: { idempotencyKey?: string; beforeRequest?: (request: number, requests: number) => void } = {},
): AsyncGenerator<BatchChunkAnswer> {
  const chunks = chunked(queries, BATCH_CHUNK_SIZE);
  for (const [position, chunk] of chunks.entries()) {
    const offset = position * BATCH_CHUNK_SIZE;
    options.beforeRequest?.(position + 1, chunks.length);
    let answer: BatchResponse;
    try {
      answer = await client.batch(
        chunk,
        options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey },
      );
    } catch (error) {
      if (chunks.length > 1 && error instanceof MotorouteError) {
        const which = `Request ${position + 1} of ${chunks.length} (queries ${offset}–${offset + chunk.length - 1}): `;
        error.message = `${which}${error.message}`;
        if (error.facts !== undefined) error.facts = `${which}${error.facts}`;
      }
      throw error;
    }
    const results = renumber(answer.results, chunk, offset, client.baseUrl);
    yield { request: position + 1, requests: chunks.length, results, bookUrl: answer.book_url };
  }
}

/** One result per query sent, by the request's index, moved to the input's numbering; the query shown is the one sent. */
function renumber(
  results: readonly BatchResult[],
  sent: readonly SearchQuery[],
  offset: number,
  baseUrl: string,
): BatchResult[] {
  const byIndex = new Map<number, BatchResult>();
  for (const result of results) {
    if (result.index >= sent.length || byIndex.has(result.index)) {
      throw new ApiError(
        `POST /route/ai/batch answered an unexpected result index ${result.index} for ${sent.length} queries.`,
        200,
        `${baseUrl}/route/ai/batch`,
      );
    }
    byIndex.set(result.index, result);
  }
  return sent.map((query, index) => {
    const result = byIndex.get(index);
    if (!result) {
      throw new ApiError(
        `POST /route/ai/batch answered no result for query ${offset + index} of the batch.`,
        200,
        `${baseUrl}/route/ai/batch`,
      );
    }
    return { index: offset + index, query, routes: result.routes, total: result.total };
  });
}
