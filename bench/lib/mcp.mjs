// `motoroute mcp` timings: the stdio start-up (a client's `initialize` or, on the 2026-07-28 protocol, its
// `server/discover` answered, then stdin closed) as shell commands for the harness, the round trip of one tools/call
// over Streamable HTTP, and tools/call under many clients over HTTP, timed in this process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});

// The 2026-07-28 protocol has no handshake: a client's first request is server/discover, its version in its _meta.
export const DISCOVER = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

/** A shell command that starts `motoroute mcp` on stdio, sends `initialize` and closes stdin: it ends once the answer is written. */
export function mcpInitializeShell(node, cli, base, quote) {
  return `printf '%s\\n' ${quote(INITIALIZE)} | ${quote(node)} ${quote(cli)} --base-url ${quote(base)} mcp >/dev/null`;
}

/** The same with the 2026-07-28 protocol's opening request, server/discover. */
export function mcpDiscoverShell(node, cli, base, quote) {
  return `printf '%s\\n' ${quote(DISCOVER)} | ${quote(node)} ${quote(cli)} --base-url ${quote(base)} mcp >/dev/null`;
}

// With --rate 6000, the budget's window shortened to a second (the test-only MOTOROUTE_RATE_WINDOW_MS): 6,000 requests
// a second, so a minute of load from 20 clients measures the server, not the budget's refusals.
const BUDGET_OUT_OF_THE_WAY = { ...process.env, MOTOROUTE_RATE_WINDOW_MS: '1000' };

/** Starts `motoroute mcp --http ARGS` and resolves with the child and its endpoint once it prints it. */
async function startHttpServer(node, cli, base, args = []) {
  const child = spawn(node, [cli, '--base-url', base, 'mcp', '--http', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: BUDGET_OUT_OF_THE_WAY,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const url = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /Streamable HTTP at (\S+)/.exec(stderr)?.[1];
      if (found) {
        clearInterval(timer);
        resolve(found);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`motoroute mcp --http ended: ${stderr}`));
      }
    }, 10);
  });
  return { child, url };
}

/** A process's resident memory in MiB (Linux), or NaN where /proc is not there. */
function rssMiB(pid) {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? Number.NaN : Number(kib) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * tools/call under load over Streamable HTTP: `clients` v2 clients pinned to 2026-07-28 (stateless) call search_routes
 * back to back for `seconds`, against a server whose upstream budget is set out of the way (--rate) so the server, not
 * the budget, is measured. Resolves with calls a second, the p99 latency, and the server's memory before, right after,
 * and after each of `idleSeconds` (seconds since the clients left, ascending) idle.
 */
export async function loadHttpToolCalls(node, cli, base, { clients, seconds, idleSeconds }) {
  const { child, url } = await startHttpServer(node, cli, base, ['--rate', '6000']);
  try {
    const connected = await Promise.all(
      Array.from({ length: clients }, async (_, index) => {
        const client = new ClientV2(
          { name: `bench-${index}`, version: '1' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } } },
        );
        await client.connect(new HttpTransportV2(new URL(url)));
        return client;
      }),
    );
    const before = rssMiB(child.pid);
    const times = [];
    let errors = 0;
    const ends = performance.now() + seconds * 1000;
    await Promise.all(
      connected.map(async (client) => {
        while (performance.now() < ends) {
          const started = performance.now();
          const result = await client.callTool({
            name: 'search_routes',
            arguments: { depart: 'Paris', arrival: 'Marseille', limit: 5 },
          });
          if (result.isError) errors += 1;
          times.push(performance.now() - started);
        }
      }),
    );
    const after = rssMiB(child.pid);
    await Promise.all(connected.map((client) => client.close()));
    const left = performance.now();
    const idle = [];
    for (const mark of idleSeconds) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, left + mark * 1000 - performance.now())));
      idle.push(rssMiB(child.pid));
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
    return { perSecond: times.length / seconds, p99, errors, calls: times.length, before, after, idle };
  } finally {
    child.kill('SIGTERM');
  }
}

/** Starts `motoroute mcp --http`, connects the SDK client, and times `calls` tools/call round trips after `warmup` ones; resolves with their times in ms. */
export async function timeHttpToolCalls(node, cli, base, { calls, warmup }) {
  // The upstream budget out of the way (a session's fair share of 60 a minute is 30): the round trip is measured.
  const child = spawn(node, [cli, '--base-url', base, 'mcp', '--http', '--rate', '6000'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: BUDGET_OUT_OF_THE_WAY,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        const found = /Streamable HTTP at (\S+)/.exec(stderr)?.[1];
        if (found) {
          clearInterval(timer);
          resolve(found);
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`motoroute mcp --http ended: ${stderr}`));
        }
      }, 10);
    });
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const times = [];
    for (let index = 0; index < warmup + calls; index++) {
      const started = performance.now();
      const result = await client.callTool({
        name: 'search_routes',
        arguments: { depart: 'Paris', arrival: 'Marseille', limit: 5 },
      });
      if (result.isError) throw new Error(`tools/call failed: ${JSON.stringify(result.content)}`);
      if (index >= warmup) times.push(performance.now() - started);
    }
    await client.close();
    return times;
  } finally {
    child.kill('SIGTERM');
  }
}
