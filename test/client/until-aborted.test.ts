import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../src/client/until-aborted.js';

describe('untilAborted', () => {
  it('rejects with the reason at the abort, and releases what comes later', async () => {
    const controller = new AbortController();
    let deliver: (value: string) => void = () => undefined;
    const released: string[] = [];
    const racing = untilAborted(new Promise<string>((resolve) => (deliver = resolve)), controller.signal, (late) =>
      released.push(late),
    );
    const reason = new Error('deadline');
    controller.abort(reason);
    await expect(racing).rejects.toBe(reason);
    deliver('late body');
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['late body']);
  });

  it('gives the value, or the failure, when no abort comes first; nothing is released', async () => {
    const released: number[] = [];
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve(7), signal, (late) => released.push(late))).resolves.toBe(7);
    await expect(
      untilAborted(Promise.reject(new Error('refused')), signal, (late) => released.push(late)),
    ).rejects.toThrow('refused');
    expect(released).toEqual([]);
  });

  it('rejects at once on a signal already aborted', async () => {
    await expect(untilAborted(new Promise(() => undefined), AbortSignal.abort('gone'), () => undefined)).rejects.toBe(
      'gone',
    );
  });
});
