import { Writable } from 'node:stream';

/** A Writable that keeps everything written to it, for output tests. */
export class MemoryStream extends Writable {
  readonly chunks: string[] = [];
  isTTY = false;
  columns: number | undefined;

  constructor(options: { highWaterMark?: number } = {}) {
    super({ decodeStrings: false, ...options });
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(String(chunk));
    callback();
  }

  /** Everything written so far, as one string. */
  get text(): string {
    return this.chunks.join('');
  }
}
