import { request } from 'undici';

/** The answer to a POST: its status and the headers that matter to a sender. */
export interface PostAnswer {
  status: number;
  retryAfter?: string;
}

/** POSTs `body` to `url`, no redirect followed; the answer's body is read and dropped. Rejects on a network error or the signal. */
export async function postText(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<PostAnswer> {
  const answer = await request(url, { method: 'POST', headers, body, signal });
  await answer.body.dump({ limit: 65_536, signal });
  const retryAfter = answer.headers['retry-after'];
  const text = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
  return { status: answer.statusCode, ...(text !== undefined && { retryAfter: text }) };
}

/** Retry-After in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(text: string | undefined, now: Date): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** Why a POST failed, in a few words: the signal's reason when it was aborted, else the error's message. */
export function postProblem(error: unknown, signal: AbortSignal, label: string): string {
  if (signal.aborted) return `${label} did not answer in time`;
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return `${label} could not be reached (${cause})`;
}
