// `motoroute search | head -1` closes the pipe early: that is the reader saying "enough", not a
// failure, so writing stops quietly and the run ends with status 0.

/** The part of a Writable that output code uses: process.stdout, a file stream or a test double. */
export interface OutputStream {
  write(chunk: string): boolean;
  once(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  /** Set by Node on a stream that was destroyed (after EPIPE, for one). */
  destroyed?: boolean;
}

const closedStreams = new WeakSet<object>();
const closeCallbacks = new WeakMap<object, (() => void) | undefined>();

/** True when `error` is a broken pipe: the reader went away. */
export function isBrokenPipe(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPIPE';
}

/**
 * Watches `stream` for EPIPE: marks it closed (later writes are dropped) and calls `onClosed`
 * once, where the CLI entry point may end the process with status 0. Other errors are rethrown,
 * as if no handler were installed. Installing again only replaces `onClosed`.
 */
export function installEpipeHandler(stream: OutputStream, onClosed?: () => void): void {
  const installed = closeCallbacks.has(stream);
  closeCallbacks.set(stream, onClosed);
  if (installed) return;
  stream.on('error', (error) => {
    if (!isBrokenPipe(error)) throw error;
    markClosed(stream);
  });
}

function markClosed(stream: OutputStream): void {
  if (closedStreams.has(stream)) return;
  closedStreams.add(stream);
  closeCallbacks.get(stream)?.();
}

/** True once the reader of `stream` has gone away (EPIPE, or a destroyed stream): producers can stop fetching more data. */
export function isOutputClosed(stream: OutputStream): boolean {
  return closedStreams.has(stream);
}

/**
 * Writes `text` unless the stream is closed; the promise settles when the stream can take more
 * (after 'drain'), or at once when it is not full. It never rejects on EPIPE, and installs the
 * EPIPE handler if nobody has yet.
 */
export function writeSafely(stream: OutputStream, text: string): Promise<void> {
  if (!closeCallbacks.has(stream)) installEpipeHandler(stream);
  // A destroyed stream (a child's stdin once it exits, say) can take no more, like a broken pipe.
  if (stream.destroyed === true) markClosed(stream);
  if (closedStreams.has(stream) || text === '') return Promise.resolve();
  let hasRoom: boolean;
  try {
    hasRoom = stream.write(text);
  } catch (error) {
    if (!isBrokenPipe(error)) throw error;
    markClosed(stream);
    return Promise.resolve();
  }
  if (hasRoom) return Promise.resolve();
  return whenWritable(stream);
}

// One pending promise per full stream, however many writes wait on it: no listener pile-up.
const pendingDrains = new WeakMap<OutputStream, Promise<void>>();

function whenWritable(stream: OutputStream): Promise<void> {
  let pending = pendingDrains.get(stream);
  if (pending) return pending;
  pending = new Promise<void>((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      pendingDrains.delete(stream);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
  pendingDrains.set(stream, pending);
  return pending;
}
