/**
 * One read shared by every caller that joins it while it runs: each caller may give up (its own signal), and the
 * read itself is cancelled only when no caller is left waiting for it, so one cancelled look-up among thirty
 * does not fail the other twenty-nine.
 */
export class SharedRead<T> {
  readonly promise: Promise<T>;
  readonly #controller = new AbortController();
  #waiting = 0;
  #settled = false;

  /** Whether the read was cancelled because every caller gave up (not a failure of what it reads). */
  get abandoned(): boolean {
    return this.#controller.signal.aborted;
  }

  constructor(start: (signal: AbortSignal) => Promise<T>) {
    this.promise = start(this.#controller.signal);
    this.promise.then(
      () => (this.#settled = true),
      () => (this.#settled = true),
    );
  }

  /** The read's result for one caller, or that caller's abort reason as soon as its signal fires. */
  join(signal?: AbortSignal): Promise<T> {
    if (signal === undefined) {
      this.#waiting++;
      return this.promise;
    }
    signal.throwIfAborted();
    this.#waiting++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener('abort', onAbort);
        this.#waiting--;
      };
      const onAbort = () => {
        leave();
        if (this.#waiting === 0 && !this.#settled) this.#controller.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.promise.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }
}
