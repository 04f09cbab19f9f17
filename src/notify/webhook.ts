import { Webhook } from 'standardwebhooks';
import type { DeliveryOutcome } from '../core/alerts/outbox.js';
import { postProblem, postText, retryAfterMs } from './http-post.js';
import type { Notice, SendOptions } from './target.js';

/**
 * Sends a notice to a Standard Webhooks endpoint: the JSON payload signed with the secret (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 by the reference library). 2xx is delivered; 410 Gone
 * disables the target; anything else is tried again (after Retry-After when the endpoint gives one).
 */
export async function sendWebhook(
  url: string,
  label: string,
  notice: Notice,
  options: SendOptions,
): Promise<DeliveryOutcome> {
  if (options.webhookSecret === undefined) return { kind: 'fail', problem: `${label}: no webhook secret` };
  const body = JSON.stringify(notice.payload);
  const sentAt = options.now();
  const signature = new Webhook(options.webhookSecret).sign(notice.id, sentAt, body);
  const headers = {
    'content-type': 'application/json',
    'webhook-id': notice.id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
  try {
    const answer = await postText(url, headers, body, options.signal);
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    if (answer.status === 410) return { kind: 'disable', problem: `${label} answered 410 Gone` };
    const afterMs = retryAfterMs(answer.retryAfter, options.now());
    return { kind: 'retry', problem: `${label} answered ${answer.status}`, ...(afterMs !== undefined && { afterMs }) };
  } catch (error) {
    return { kind: 'retry', problem: postProblem(error, options.signal, label) };
  }
}
