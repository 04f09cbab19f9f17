/** The calls still running on any server instance it was given to: a transport waits for them before it stops. */
export class CallTracker {
  readonly #running = new Set<Promise<unknown>>();

  /** Counts `call` as running until it settles, and returns it. */
  track<T>(call: Promise<T>): Promise<T> {
    this.#running.add(call);
    void call.finally(() => this.#running.delete(call)).catch(() => undefined);
    return call;
  }

  /** Resolves once no call runs (those started meanwhile included). */
  async settled(): Promise<void> {
    // Requests read with the last chunk of stdin reach their handler a turn later.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
