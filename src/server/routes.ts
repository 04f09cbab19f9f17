import type { Handler } from './context.js';
import { askHandler } from './handlers/ask.js';
import { batchHandler } from './handlers/batch.js';
import { citiesNearHandler } from './handlers/cities-near.js';
import { createJobHandler, getJobHandler } from './handlers/jobs.js';
import { listingHandler } from './handlers/listing.js';
import { parisMarseilleCacheHandler } from './handlers/paris-marseille-cache.js';
import { searchHandler } from './handlers/search.js';
import { protectedResourceHandler, signaturesDirectoryHandler } from './handlers/well-known.js';
import { jsonReply } from './http/reply.js';
import { openApiDocument } from './openapi.js';

type Method = 'GET' | 'POST' | 'DELETE';

interface RouteDefinition {
  template: string;
  pattern: RegExp;
  paramNames: string[];
  methods: Partial<Record<Method, Handler>>;
}

/** The outcome of looking a request up in the route table. */
export type RouteMatch =
  | { kind: 'found'; template: string; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; template: string; allow: string }
  | { kind: 'missing' };

function route(template: string, methods: Partial<Record<Method, Handler>>): RouteDefinition {
  const paramNames: string[] = [];
  const source = template.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
    paramNames.push(name);
    return '([^/]+)';
  });
  return { template, pattern: new RegExp(`^${source}$`), paramNames, methods };
}

/** Every endpoint of the reference (§4) plus the discovery documents, relative to either prefix. */
const ROUTES: RouteDefinition[] = [
  route('/route/ai/search', { GET: searchHandler }),
  route('/route/ai/jobs', { POST: createJobHandler }),
  route('/route/ai/jobs/{jobId}', { GET: getJobHandler }),
  route('/route/ai/batch', { POST: batchHandler }),
  route('/route/get/results', { GET: listingHandler }),
  route('/route/cities-near', { GET: citiesNearHandler }),
  route('/route/paris-marseille-cache', { GET: parisMarseilleCacheHandler }),
  route('/ask', { POST: askHandler }),
  route('/.well-known/oauth-protected-resource', { GET: protectedResourceHandler }),
  route('/.well-known/http-message-signatures-directory', { GET: signaturesDirectoryHandler }),
  route('/openapi.json', { GET: (ctx) => jsonReply(200, openApiDocument(ctx.origin)) }),
];

/** Finds the handler of a path (without version prefix) and method; HEAD is served as GET. */
export function findRoute(path: string, method: string): RouteMatch {
  for (const definition of ROUTES) {
    const match = definition.pattern.exec(path);
    if (!match) continue;
    const handler = definition.methods[(method === 'HEAD' ? 'GET' : method) as Method];
    const allowed = Object.keys(definition.methods);
    if (!handler) {
      return {
        kind: 'wrong-method',
        template: definition.template,
        allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '),
      };
    }
    const params: Record<string, string> = {};
    try {
      definition.paramNames.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1] as string);
      });
    } catch {
      return { kind: 'missing' };
    }
    return { kind: 'found', template: definition.template, handler, params };
  }
  return { kind: 'missing' };
}

/** Splits '/v1/route/…' into its versioned base (default '/v1') and the path under it; trailing slashes dropped. */
export function splitPrefix(pathname: string, base = '/v1'): { prefix: string; path: string } {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (trimmed === base) return { prefix: base, path: '/' };
  if (trimmed.startsWith(`${base}/`)) return { prefix: base, path: trimmed.slice(base.length) };
  return { prefix: '', path: trimmed };
}
