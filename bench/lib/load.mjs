// Load on the local service's search: wrk where installed (C, one thread, so the single-threaded service
// keeps the other core of a 2-core machine), else a small Node generator over undici with the same
// number of connections. Only ever aimed at 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasTool } from './tools.mjs';

const PAIRS = [
  ['Paris', 'Marseille'],
  ['Lyon', 'Nice'],
  ['Paris', 'Lyon'],
  ['Bordeaux', 'Paris'],
  ['Lille', 'Marseille'],
  ['Paris', 'Nice'],
  ['Toulouse', 'Paris'],
  ['Nantes', 'Lyon'],
  ['Marseille', 'Paris'],
  ['Strasbourg', 'Lyon'],
  ['Paris', ''],
  ['', 'Nice'],
];

/** Search paths (under the /v1 base) that the load cycles through: city pairs, single cities, pages 1-2. */
export function searchPaths(basePath) {
  const paths = [];
  for (const [depart, arrival] of PAIRS) {
    for (const page of [1, 2]) {
      const query = new URLSearchParams({
        ...(depart && { depart }),
        ...(arrival && { arrival }),
        page: String(page),
        limit: '50',
      });
      paths.push(`${basePath}/route/ai/search?${query}`);
    }
  }
  return paths;
}

/** Which load generator runs. */
export function loadTool() {
  return process.env.BENCH_HARNESS !== 'node' && hasTool('wrk') ? 'wrk' : 'node (undici)';
}

/** Sends search requests over `connections` connections for `seconds`; resolves with { rps, p99Ms, errors }. */
export async function runLoad(baseUrl, { seconds, connections }) {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`load is only sent to 127.0.0.1, not ${url.hostname}`);
  const paths = searchPaths(url.pathname.replace(/\/$/, ''));
  return loadTool() === 'wrk'
    ? withWrk(url.origin, paths, seconds, connections)
    : withNode(url.origin, paths, seconds, connections);
}

function withWrk(origin, paths, seconds, connections) {
  const dir = mkdtempSync(join(tmpdir(), 'motoroute-wrk-'));
  try {
    const script = join(dir, 'paths.lua');
    writeFileSync(
      script,
      `local paths = {${paths.map((path) => JSON.stringify(path)).join(', ')}}\nlocal i = 0\n` +
        'request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n',
    );
    const run = (duration) =>
      execFileSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, origin], {
        encoding: 'utf8',
      });
    run(2); // warm-up: JIT and caches
    const output = run(seconds);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(output);
    const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : Number.NaN;
    const errors =
      Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0) +
      Number(/Socket errors:.*?(\d+)/.exec(output)?.[1] ?? 0);
    return { rps, p99Ms, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withNode(origin, paths, seconds, connections) {
  const { Pool } = await import('undici');
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const shoot = async (until, latencies) => {
    let errors = 0;
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request({ method: 'GET', path: paths[i % paths.length] });
        await body.dump();
        if (statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies?.push(performance.now() - started);
    }
    return errors;
  };
  const workers = (until, latencies) => Promise.all(Array.from({ length: connections }, () => shoot(until, latencies)));
  await workers(performance.now() + 2000); // warm-up
  const latencies = [];
  const started = performance.now();
  const errors = (await workers(started + seconds * 1000, latencies)).reduce((a, b) => a + b, 0);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
    errors,
  };
}
