import type { DeliveryOutcome } from '../core/alerts/outbox.js';
import { sendCommand } from './command.js';
import { sendDesktop } from './desktop.js';
import { sendNtfy } from './ntfy.js';
import type { Notice, NotifyTarget, SendOptions } from './target.js';
import { sendWebhook } from './webhook.js';

/** Sends one notice to one target, once: how it went. Never throws. */
export async function sendNotice(target: NotifyTarget, notice: Notice, options: SendOptions): Promise<DeliveryOutcome> {
  try {
    switch (target.kind) {
      case 'webhook':
        return await sendWebhook(target.url, target.label, notice, options);
      case 'ntfy':
        return await sendNtfy(target.url, target.label, notice, options);
      case 'desktop':
        return await sendDesktop(notice, options);
      case 'exec':
        return await sendCommand(target.argv, target.label, notice, options);
    }
  } catch (error) {
    return { kind: 'retry', problem: `${target.label}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
