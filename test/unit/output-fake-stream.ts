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

/** A MemoryStream that behaves like a terminal (tty.WriteStream's cursor methods), for spinners. */
export class TerminalMemoryStream extends MemoryStream {
  override isTTY = true;
  override columns = 80;

  cursorTo(x: number): boolean {
    return this.write(`\x1b[${x + 1}G`);
  }

  moveCursor(dx: number, dy: number): boolean {
    return this.write(dy < 0 ? `\x1b[${-dy}A` : dx > 0 ? `\x1b[${dx}C` : '');
  }

  clearLine(dir: number): boolean {
    return this.write(dir === 1 ? '\x1b[0K' : '\x1b[2K');
  }
}
