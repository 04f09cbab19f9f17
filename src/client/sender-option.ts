import type { ClientOptions } from './options.js';
import type { Sender } from './sender.js';

// How the CLI hands its client the node:http stack without a public option: the library's users choose their
// HTTP stack with `fetch` (ClientOptions), and this module is not exported by the library's entry.

const senders = new WeakMap<ClientOptions, Sender>();

/** `options`, marked to send through `sender` instead of fetch. */
export function withSender(options: ClientOptions, sender: Sender): ClientOptions {
  senders.set(options, sender);
  return options;
}

/** The sender `options` were marked with, if any. */
export function senderOf(options: ClientOptions): Sender | undefined {
  return senders.get(options);
}
