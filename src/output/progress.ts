import type { Ora } from 'ora';
import type { OutputSettings } from './settings.js';
import { formatBytes } from './bytes.js';
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
 * Starts a spinner on `stream` if stderr is a TTY and progress is wanted; ora is loaded only then,
 * so the spinner appears a moment later. It always stops, clears its line and shows the cursor
 * again on stop and on Ctrl-C; when no one else listens for SIGINT, the signal is raised again so
 * Ctrl-C still ends the program.
 */
export function createSpinner(
  settings: SpinnerSettings,
  stream: NodeJS.WritableStream,
  text: string,
  signals: SignalSource = process,
): Spinner {
  if (!settings.showProgress || !hasWidth(stream)) return SILENT_SPINNER;
  let current = sanitiseText(text);
  let stopped = false;
  let ending: ((spinner: Ora) => void) | undefined;
  let spinner: Ora | undefined;
  const onInterrupt = () => {
    finish(undefined);
    if (signals.listenerCount('SIGINT') === 0 && signals.kill && signals.pid !== undefined)
      signals.kill(signals.pid, 'SIGINT');
  };
  /** `how` draws a final line; undefined just stops (and, before ora is loaded, draws nothing). */
  const finish = (how: ((running: Ora) => void) | undefined) => {
    if (stopped) return;
    stopped = true;
    signals.removeListener('SIGINT', onInterrupt);
    if (spinner) (how ?? ((running: Ora) => running.stop()))(spinner);
    else ending = how;
  };
  signals.on('SIGINT', onInterrupt);
  void import('ora')
    .then(({ default: ora }) => {
      // Stopped before ora was even loaded: draw nothing, except a final ✔/✖ line if one was asked for.
      if (stopped && ending === undefined) return;
      spinner = ora({
        text: current,
        stream,
        isEnabled: true,
        discardStdin: false,
        hideCursor: true,
        color: settings.stderrColor ? 'cyan' : false,
      });
      if (stopped) ending?.(spinner);
      else spinner.start();
    })
    .catch(() => {
      // A spinner is decoration: if ora cannot load or draw, the run goes on without it.
    });
  const clean = (done: string | undefined) => (done === undefined ? undefined : sanitiseText(done));
  return {
    update: (next) => {
      current = sanitiseText(next);
      if (spinner && !stopped) spinner.text = current;
    },
    succeed: (done) => finish((running) => running.succeed(clean(done))),
    fail: (done) => finish((running) => running.fail(clean(done))),
    stop: () => finish(undefined),
  };
}

/**
 * Whether the terminal says how wide it is. Some report 0 columns (`docker exec -t`, `script`, `ssh -tt`
 * from a script): ora then computes an infinite line count and writes cursor-up sequences without end.
 */
function hasWidth(stream: NodeJS.WritableStream): boolean {
  const columns = (stream as { columns?: unknown }).columns;
  return typeof columns === 'number' && Number.isFinite(columns) && columns > 0;
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
  /** Says what the run is doing now (`completing 3/18`) after the counts, redrawn at once. */
  step: (text: string) => void;
  /** Shows a wait after the step, its seconds counted down in place, until it ends or the next wait replaces it. */
  wait: (ms: number, describe: (seconds: number) => string) => void;
  /** Clears the line so that a note can be written on a line of its own; the next update draws it again. */
  clear: () => void;
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
  if (!settings.showProgress)
    return { update: () => {}, step: () => {}, wait: () => {}, clear: () => {}, stop: () => {} };
  const safeLabel = sanitiseText(label);
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drawn = false;
  let stopped = false;
  let lastCounts: ProgressCounts = {};
  let stepText = '';
  let waitEnds = Number.NEGATIVE_INFINITY;
  let describeWait: ((seconds: number) => string) | undefined;
  let waitTimer: ReturnType<typeof setInterval> | undefined;
  const endWait = (): void => {
    clearInterval(waitTimer);
    waitTimer = undefined;
    describeWait = undefined;
  };
  const draw = (): void => {
    lastDrawn = now();
    drawn = true;
    const counts = describeCounts(lastCounts);
    const left = Math.ceil((waitEnds - lastDrawn) / 1000);
    if (left <= 0) endWait();
    const waiting = describeWait === undefined ? '' : sanitiseText(describeWait(left));
    const parts = [counts, stepText, waiting].filter(Boolean).join(' · ');
    stream.write(`${CLEAR_LINE}${safeLabel}: ${parts}`);
  };
  return {
    update: (counts) => {
      lastCounts = counts;
      if (stopped || now() - lastDrawn < REDRAW_INTERVAL_MS) return;
      draw();
    },
    step: (text) => {
      stepText = sanitiseText(text);
      if (!stopped) draw();
    },
    wait: (ms, describe) => {
      if (stopped) return;
      endWait();
      waitEnds = now() + ms;
      describeWait = describe;
      // Redrawn each second so the count goes down even while no byte arrives; it never holds the process open.
      waitTimer = setInterval(() => !stopped && draw(), 1000);
      waitTimer.unref?.();
      draw();
    },
    clear: () => {
      if (stopped || !drawn) return;
      drawn = false;
      lastDrawn = Number.NEGATIVE_INFINITY;
      stream.write(CLEAR_LINE);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      endWait();
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
