/**
 * What `pending` gives, or the signal's reason as soon as it aborts, whichever comes first. An HTTP stack may hold
 * an abort until a connection is made (undici's fetch does) or until it has loaded: a deadline or a cancel must not wait
 * for that. A value that still comes after the abort is handed to `release` (a body nobody will read).
 */
export function untilAborted<T>(pending: Promise<T>, signal: AbortSignal, release: (late: T) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) release(value);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
