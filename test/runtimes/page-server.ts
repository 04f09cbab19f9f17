import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fixture, ROOT, scenarioSource } from './library-modules.js';

// The origin the Chromium test's page comes from: a loopback server of its own, on another port than the
// local service, so that every call the library makes to the service is cross-origin and CORS applies.
// It serves the page (fixtures/page.html at /), the scenario (/scenario.js) and the built library (/dist/).

/** A running page server. */
export interface PageServer {
  /** e.g. http://127.0.0.1:43567 */
  readonly origin: string;
  close(): Promise<void>;
}

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** The body of a path, or undefined for 404: only the page, the scenario and dist/'s ES modules. */
function contentOf(path: string): { type: string; body: string | Buffer } | undefined {
  if (path === '/') return { type: 'text/html; charset=utf-8', body: fixture('page.html') };
  if (path === '/scenario.js') return { type: JAVASCRIPT, body: scenarioSource() };
  const file = normalize(path).replace(/^\/+/, '');
  if (!file.startsWith('dist/') || !file.endsWith('.js') || !existsSync(join(ROOT, file))) return undefined;
  return { type: JAVASCRIPT, body: readFileSync(join(ROOT, file)) };
}

/** Starts the page server on 127.0.0.1, on a free port. */
export async function startPageServer(): Promise<PageServer> {
  const server = createServer((req, res) => {
    const content = contentOf(new URL(req.url ?? '/', 'http://page.invalid').pathname);
    if (!content) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': content.type, 'cache-control': 'no-store' }).end(content.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
