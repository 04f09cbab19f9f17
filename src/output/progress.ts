import type { OutputSettings } from './settings.js';
import { sanitiseText } from './sanitise.js';

/** The stream spinners and progress lines draw on (stderr). */
export interface ProgressStream {
  write(chunk: string): boolean;
}

/** Where Ctrl-C is heard; process by default, an EventEmitter in tests. */
export interface SignalSource {
  on(event: 'SIGINT', listener: () => void): unknown;
  removeListener(event: 'SIGINT', listener: () => void): unknown;
  listenerCount(event: 'SIGINT'): number;
  kill?(pid: number, signal: 'SIGINT'): unknown;
  pid?: number;
}

/** A spinner on stderr, or an object that does nothing when stderr is not a TTY. */
export interface Spinner {
  /** Changes the text beside the spinner. */
  update(text: string): void;
  /** Stops with a ✔ line. */
  succeed(text?: string): void;
  /** Stops with a ✖ line. */
  fail(text?: string): void;
  /** Stops and clears the line, restoring the cursor. */
  stop(): void;
}

type SpinnerSettings = Pick<OutputSettings, 'showProgress' | 'stderrColor'>;

const SILENT_SPINNER: Spinner = { update() {}, succeed() {}, fail() {}, stop() {} };

/**
 * Starts a spinner (ora, loaded only when needed) if stderr is a TTY and progress is wanted.
 * It always stops, clears its line and shows the cursor again on stop and on Ctrl-C; when no
 * one else listens for SIGINT, the signal is raised again so Ctrl-C still ends the program.
 */
export async function createSpinner(
  settings: SpinnerSettings,
  text: string,
  stream: ProgressStream & NodeJS.WritableStream,
  signals: SignalSource = process,
): Promise<Spinner> {
  if (!settings.showProgress) return SILENT_SPINNER;
  const { default: ora } = await import('ora');
  const spinner = ora({
    text: sanitiseText(text),
    stream,
    isEnabled: true,
    discardStdin: false,
    hideCursor: true,
    color: settings.stderrColor ? 'cyan' : false,
  }).start();
  let stopped = false;
  const finish = (how: () => void) => {
    if (stopped) return;
    stopped = true;
    signals.removeListener('SIGINT', onInterrupt);
    how();
  };
  const onInterrupt = () => {
    finish(() => spinner.stop());
    if (signals.listenerCount('SIGINT') === 0 && signals.kill && signals.pid !== undefined) signals.kill(signals.pid, 'SIGINT');
  };
  signals.on('SIGINT', onInterrupt);
  return {
    update: (next) => {
      if (!stopped) spinner.text = sanitiseText(next);
    },
    succeed: (done) => finish(() => spinner.succeed(done === undefined ? undefined : sanitiseText(done))),
    fail: (done) => finish(() => spinner.fail(done === undefined ? undefined : sanitiseText(done))),
    stop: () => finish(() => spinner.stop()),
  };
}

/** What a long transfer has done so far. */
export interface ProgressCounts {
  bytes?: number;
  records?: number;
}

/** A one-line progress report on stderr (bytes, records), redrawn at most ten times a second. */
export interface Progress {
  /** Records new counts; safe to pass around unbound as a callback. */
  update: (counts: ProgressCounts) => void;
  /** Clears the line; nothing more is drawn afterwards. */
  stop: () => void;
}

const REDRAW_INTERVAL_MS = 100;
const CLEAR_LINE = '\r\x1b[2K';

/** A progress line, or a no-op when stderr is not a TTY. `now` is injectable for tests. */
export function createProgress(
  settings: Pick<OutputSettings, 'showProgress'>,
  stream: ProgressStream,
  label: string,
  now: () => number = Date.now,
): Progress {
  if (!settings.showProgress) return { update: () => {}, stop: () => {} };
  const safeLabel = sanitiseText(label);
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drawn = false;
  let stopped = false;
  return {
    update: (counts) => {
      const time = now();
      if (stopped || time - lastDrawn < REDRAW_INTERVAL_MS) return;
      lastDrawn = time;
      drawn = true;
      stream.write(`${CLEAR_LINE}${safeLabel}: ${describeCounts(counts)}`);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (drawn) stream.write(CLEAR_LINE);
    },
  };
}

/** `12.3 MB · 45,678 records`. */
export function describeCounts(counts: ProgressCounts): string {
  const parts: string[] = [];
  if (counts.bytes !== undefined) parts.push(formatBytes(counts.bytes));
  if (counts.records !== undefined) parts.push(`${counts.records.toLocaleString('en-US')} records`);
  return parts.join(' · ');
}

function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
