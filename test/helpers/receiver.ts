import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: method, path, headers (lower-case) and body. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How a receiver answers its nth request: a status (with headers), or never ('hang'). */
export type Answer = number | { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A notification receiver on 127.0.0.1 (a webhook endpoint, an ntfy stand-in): records every request and answers
 * them in turn from `answers` (the last one repeats). `events` lists what happened in order, across receivers
 * sharing it: `NAME:received` and, for a request left hanging, `NAME:closed` when the client gave up.
 */
export class Receiver {
  readonly requests: Received[] = [];
  readonly #server: Server;
  readonly #open = new Set<ServerResponse>();

  private constructor(
    readonly name: string,
    private readonly answers: Answer[],
    private readonly events: string[],
  ) {
    this.#server = createServer((req, res) => this.#answer(req, res));
  }

  static async start(name: string, answers: Answer[] = [200], events: string[] = []): Promise<Receiver> {
    const receiver = new Receiver(name, answers, events);
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.#open) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      this.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      this.events.push(`${this.name}:received`);
      const answer = this.answers[Math.min(this.requests.length - 1, this.answers.length - 1)] ?? 200;
      if (answer === 'hang') {
        this.#open.add(res);
        res.on('close', () => {
          this.#open.delete(res);
          this.events.push(`${this.name}:closed`);
        });
        return;
      }
      const { status, headers: extra = {} } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, { 'content-type': 'application/json', ...extra });
      res.end('{}');
    });
  }
}
