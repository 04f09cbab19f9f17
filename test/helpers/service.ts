import { afterAll, beforeAll } from 'vitest';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import { FIXED_DAY } from './fixed-clock.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

/** Starts the real local service on 127.0.0.1 for a test file, on FIXED_DAY unless told, and stops it afterwards. */
export function useService(options: ServerOptions = {}): { readonly server: RunningServer; readonly base: string } {
  const state: { server?: RunningServer } = {};
  beforeAll(async () => {
    state.server = await startServer({ host: '127.0.0.1', port: 0, seed: 7, today: FIXED_DAY, ...options });
  });
  afterAll(async () => {
    await state.server?.close();
  });
  return {
    get server() {
      if (!state.server) throw new Error('the service is not started yet');
      return state.server;
    },
    get base() {
      return `${this.server.url}/v1`;
    },
  };
}

/** GETs JSON from the service directly, as a reference to compare the CLI's output with. */
export async function getJson<T = unknown>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Every trip the service's search finds for a query string, page after page of 100, as a reference. */
export async function allSearchTrips(base: string, query: string): Promise<Trip[]> {
  const trips: Trip[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getJson<SearchPage>(`${base}/route/ai/search?${query}&limit=100&page=${page}`);
    trips.push(...answer.routes);
    if (!answer.has_next) return trips;
  }
}
