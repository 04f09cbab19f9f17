import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createProgress, createSpinner, describeCounts, type SignalSource } from '../../src/output/progress.js';
import { MemoryStream, TerminalMemoryStream } from './output-fake-stream.js';

/** A stand-in for `process` that only knows about SIGINT. */
function fakeSignals(): SignalSource & EventEmitter & { kill: ReturnType<typeof vi.fn> } {
  return Object.assign(new EventEmitter(), { kill: vi.fn(), pid: 4242 });
}

const ttyStream = () => new TerminalMemoryStream();
const loaded = () => vi.waitUntil(async () => (await import('ora')) !== undefined);

describe('createSpinner', () => {
  it('does nothing at all when progress is off (stderr piped or --quiet)', async () => {
    const stream = ttyStream();
    const signals = fakeSignals();
    const spinner = createSpinner({ showProgress: false, stderrColor: false }, stream, 'Waiting');
    spinner.update('still waiting');
    spinner.succeed('done');
    await loaded();
    expect(stream.text).toBe('');
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });

  it('draws on the stream, sanitises its text, then stops and shows the cursor again', async () => {
    const stream = ttyStream();
    const signals = fakeSignals();
    const spinner = createSpinner(
      { showProgress: true, stderrColor: false },
      stream,
      'Job \x1b]0;evil\x07abc',
      signals,
    );
    await vi.waitUntil(() => stream.text.includes('Job abc'));
    expect(stream.text).not.toContain('evil');
    expect(signals.listenerCount('SIGINT')).toBe(1);
    spinner.stop();
    expect(stream.text).toContain('\x1b[?25h');
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });

  it('stops on Ctrl-C and raises SIGINT again when nobody else listens', async () => {
    const stream = ttyStream();
    const signals = fakeSignals();
    createSpinner({ showProgress: true, stderrColor: false }, stream, 'Waiting', signals);
    await vi.waitUntil(() => stream.text.includes('Waiting'));
    signals.emit('SIGINT');
    expect(stream.text).toContain('\x1b[?25h');
    expect(signals.kill).toHaveBeenCalledWith(4242, 'SIGINT');
  });

  it('leaves Ctrl-C to the program when it has its own SIGINT handler', async () => {
    const stream = ttyStream();
    const signals = fakeSignals();
    const programHandler = vi.fn();
    signals.on('SIGINT', programHandler);
    createSpinner({ showProgress: true, stderrColor: false }, stream, 'Waiting', signals);
    await vi.waitUntil(() => stream.text.includes('Waiting'));
    signals.emit('SIGINT');
    expect(programHandler).toHaveBeenCalledTimes(1);
    expect(signals.kill).not.toHaveBeenCalled();
  });

  it.each([0, undefined, Number.NaN])(
    'draws nothing on a terminal that reports %s columns (ora would loop on it)',
    async (columns) => {
      const stream = ttyStream();
      stream.columns = columns as number;
      const signals = fakeSignals();
      const spinner = createSpinner({ showProgress: true, stderrColor: false }, stream, 'Waiting', signals);
      await loaded();
      await new Promise((resolve) => setTimeout(resolve, 150));
      spinner.stop();
      expect(stream.text).toBe('');
      expect(signals.listenerCount('SIGINT')).toBe(0);
    },
  );

  it('stopped before ora is loaded, it never draws', async () => {
    const stream = ttyStream();
    createSpinner({ showProgress: true, stderrColor: false }, stream, 'Quick', fakeSignals()).stop();
    await loaded();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.text).toBe('');
  });

  it('a final ✔ line asked for before ora is loaded is still printed', async () => {
    const stream = ttyStream();
    createSpinner({ showProgress: true, stderrColor: false }, stream, 'Quick', fakeSignals()).succeed('Job done');
    await vi.waitUntil(() => stream.text.includes('Job done'));
  });
});

describe('createProgress', () => {
  it('redraws at most ten times a second and clears its line at the end', () => {
    const stream = new MemoryStream();
    let clock = 0;
    const progress = createProgress({ showProgress: true }, stream, 'Listing', () => clock);
    const { update } = progress;
    update({ bytes: 500, records: 1 });
    clock = 50;
    update({ bytes: 2_000, records: 2 });
    clock = 120;
    update({ bytes: 12_345_678, records: 45_678 });
    progress.stop();
    progress.stop();
    update({ bytes: 1, records: 1 });
    expect(stream.chunks).toEqual([
      '\r\x1b[2KListing: 500 B · 1 records',
      '\r\x1b[2KListing: 12.3 MB · 45,678 records',
      '\r\x1b[2K',
    ]);
  });

  it('counts a wait down in its one line, each second, and drops it when the wait is over', () => {
    vi.useFakeTimers();
    try {
      const stream = new MemoryStream();
      let clock = 0;
      const progress = createProgress({ showProgress: true }, stream, 'Listing', () => clock);
      progress.step('completing 1/3');
      progress.wait(2_500, (seconds) => `waiting ${seconds} s`);
      for (const at of [1_000, 2_000, 3_000]) {
        clock = at;
        vi.advanceTimersByTime(1_000);
      }
      progress.stop();
      expect(stream.chunks).toEqual([
        '\r\x1b[2KListing: completing 1/3',
        '\r\x1b[2KListing: completing 1/3 · waiting 3 s',
        '\r\x1b[2KListing: completing 1/3 · waiting 2 s',
        '\r\x1b[2KListing: completing 1/3 · waiting 1 s',
        '\r\x1b[2KListing: completing 1/3',
        '\r\x1b[2K',
      ]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears its line for a note and draws it again at the next update', () => {
    const stream = new MemoryStream();
    let clock = 0;
    const progress = createProgress({ showProgress: true }, stream, 'Listing', () => clock);
    progress.update({ records: 1 });
    progress.clear();
    stream.write('a note\n');
    clock = 10;
    progress.update({ records: 2 });
    progress.stop();
    expect(stream.chunks).toEqual([
      '\r\x1b[2KListing: 1 records',
      '\r\x1b[2K',
      'a note\n',
      '\r\x1b[2KListing: 2 records',
      '\r\x1b[2K',
    ]);
  });

  it('writes nothing when progress is off', () => {
    const stream = new MemoryStream();
    const progress = createProgress({ showProgress: false }, stream, 'Listing');
    progress.update({ bytes: 1 });
    progress.stop();
    expect(stream.text).toBe('');
  });

  it('describeCounts shows what it has', () => {
    expect(describeCounts({ bytes: 1500 })).toBe('1.5 kB');
    expect(describeCounts({ records: 3 })).toBe('3 records');
  });
});
