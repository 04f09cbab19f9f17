import type { DeliveryOutcome } from '../core/alerts/outbox.js';
import { postProblem, postText, retryAfterMs } from './http-post.js';
import type { Notice, SendOptions } from './target.js';

/**
 * Publishes a notice to an ntfy topic as ntfy's publishing API reads it: a POST of the message (text/plain) to
 * the topic's URL, with Title, Priority, Tags and Click headers. A title that is not ASCII is sent as an RFC 2047
 * encoded word, which ntfy decodes. 2xx is delivered; 429 and 5xx are tried again; another 4xx is refused for good.
 */
export async function sendNtfy(
  url: string,
  label: string,
  notice: Notice,
  options: SendOptions,
): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    title: headerText(notice.title),
    priority: String(notice.priority),
    tags: notice.tags.join(','),
    ...(notice.click !== undefined && { click: notice.click }),
  };
  try {
    const answer = await postText(url, headers, notice.message, options.signal);
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    const problem = `${label} answered ${answer.status}`;
    if (answer.status === 429 || answer.status >= 500) {
      const afterMs = retryAfterMs(answer.retryAfter, options.now());
      return { kind: 'retry', problem, ...(afterMs !== undefined && { afterMs }) };
    }
    return { kind: 'fail', problem };
  } catch (error) {
    return { kind: 'retry', problem: postProblem(error, options.signal, label) };
  }
}

/** A header value: ASCII as it is, anything else as `=?UTF-8?B?…?=` (RFC 2047). */
export function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}
