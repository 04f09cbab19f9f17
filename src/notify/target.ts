/**
 * Where alerts go, read into what sending needs: `key` names it in the watch's state (the whole target as
 * written), `label` in messages (a webhook's path past its first segment, and its query, hidden: chat and
 * ticket systems put their secret there).
 */
export type NotifyTarget = { key: string } /** A Standard Webhooks endpoint: a signed JSON POST. */ & (
  | { kind: 'webhook'; label: string; url: string }
  /** An ntfy topic: a POST of the message to the topic's URL, with Title, Priority, Tags and Click headers. */
  | { kind: 'ntfy'; label: string; url: string }
  /** The desktop's notifications (freedesktop on Linux, osascript on macOS, a toast on Windows). */
  | { kind: 'desktop'; label: string }
  /** A program run with the alert as JSON on its stdin (no shell). */
  | { kind: 'exec'; label: string; argv: string[] }
);

/** What a target is sent: one alert, a digest, or a test; worded, with the JSON a webhook or program reads. */
export interface Notice {
  /** Stable id (the webhook-id): retries of the same notice carry the same. */
  id: string;
  /** `trip.new`, `trip.freed`, `trip.price-drop`, `trip.gone`, `watch.digest` or `watch.test`. */
  type: string;
  title: string;
  message: string;
  /** The link a tap opens (the booking form), when there is one. */
  click?: string;
  /** ntfy's priority, 1 (min) to 5 (max). */
  priority: 1 | 2 | 3 | 4 | 5;
  /** ntfy's tags (emoji short codes or words). */
  tags: string[];
  /** The body of a webhook and a program's stdin: `{type, timestamp, data}` as Standard Webhooks suggests. */
  payload: { type: string; timestamp: string; data: unknown };
}

/** What sending needs besides the target and the notice. */
export interface SendOptions {
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  /** The `whsec_…` secret webhooks are signed with. */
  webhookSecret?: string;
  now: () => Date;
  /** Where a program's own output goes (stderr: stdout carries watch's data). */
  stderr: { write(chunk: string | Buffer): boolean };
}
