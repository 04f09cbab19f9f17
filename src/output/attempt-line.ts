import type { AttemptInfo } from '../client/options.js';
import { formatBytes } from './bytes.js';

/**
 * One --verbose line per HTTP attempt: `GET URL → 200 41 ms (attempt 1, 14.2 kB)`, with the bytes on the
 * wire and decoded when the answer was compressed, and where a redirect sent the request next.
 */
export function formatAttempt(attempt: AttemptInfo): string {
  const outcome = attempt.status ?? attempt.error ?? 'no answer';
  const next = attempt.location ? ` → ${attempt.location}` : '';
  const details = [`attempt ${attempt.attempt}`];
  if (attempt.bytes > 0 || attempt.decodedBytes > 0) {
    details.push(
      attempt.encoding && attempt.decodedBytes !== attempt.bytes
        ? `${formatBytes(attempt.bytes)} ${attempt.encoding} on the wire, ${formatBytes(attempt.decodedBytes)} decoded`
        : formatBytes(attempt.decodedBytes),
    );
  }
  return `${attempt.method} ${attempt.url} → ${outcome}${next} ${Math.round(attempt.ms)} ms (${details.join(', ')})`;
}
