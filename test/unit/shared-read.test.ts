import { describe, expect, it } from 'vitest';
import { SharedRead } from '../../src/core/shared-read.js';

/** A read that ends only when told, or when its signal fires. */
function pendingRead() {
  let finish: (value: string) => void = () => undefined;
  let aborted = false;
  const read = new SharedRead<string>(
    (signal) =>
      new Promise<string>((resolve, reject) => {
        finish = resolve;
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(signal.reason);
        });
      }),
  );
  return { read, finish: (value: string) => finish(value), wasAborted: () => aborted };
}

describe('a shared read', () => {
  it('goes on for the callers still waiting when one gives up', async () => {
    const { read, finish, wasAborted } = pendingRead();
    const quitting = new AbortController();
    const first = read.join(quitting.signal);
    const second = read.join(new AbortController().signal);
    quitting.abort(new Error('cancelled'));
    await expect(first).rejects.toThrow('cancelled');
    expect(wasAborted()).toBe(false);
    finish('listing');
    await expect(second).resolves.toBe('listing');
  });

  it('is cancelled when every caller has given up', async () => {
    const { read, wasAborted } = pendingRead();
    const a = new AbortController();
    const b = new AbortController();
    const joined = [read.join(a.signal), read.join(b.signal)];
    a.abort(new Error('a'));
    expect(wasAborted()).toBe(false);
    b.abort(new Error('b'));
    await Promise.allSettled(joined);
    expect(wasAborted()).toBe(true);
  });
});
