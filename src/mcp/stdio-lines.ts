import { Transform, type TransformCallback } from 'node:stream';

/**
 * Stdin as the SDK's stdio transport reads it, less the lines that are not JSON: the SDK skips those silently, and
 * JSON-RPC answers them with a parse error (id null), which `onUnreadable` sends. Whole lines pass, in order.
 */
export function withoutUnreadableLines(onUnreadable: (line: string) => void): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
      const text = pending + chunk.toString();
      const lines = text.split('\n');
      pending = lines.pop() ?? '';
      const kept: string[] = [];
      for (const line of lines) {
        if (line.trim() === '' || isJson(line)) kept.push(line);
        else onUnreadable(line);
      }
      done(null, kept.length > 0 ? `${kept.join('\n')}\n` : undefined);
    },
    flush(done: TransformCallback) {
      done(null, pending);
    },
  });
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
