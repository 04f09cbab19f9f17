import type { EventEmitter } from 'node:events';

/** Resolves on the stream's next 'drain', or when it closes. */
export function waitForDrain(stream: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
