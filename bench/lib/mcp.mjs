// `motoroute mcp` timings: the stdio start-up (a client's `initialize` answered, then stdin closed) as a shell
// command for the harness, and the round trip of one tools/call over Streamable HTTP, timed in this process.
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});

/** A shell command that starts `motoroute mcp` on stdio, sends `initialize` and closes stdin: it ends once the answer is written. */
export function mcpInitializeShell(node, cli, base, quote) {
  return `printf '%s\\n' ${quote(INITIALIZE)} | ${quote(node)} ${quote(cli)} --base-url ${quote(base)} mcp >/dev/null`;
}

/** Starts `motoroute mcp --http`, connects the SDK client, and times `calls` tools/call round trips after `warmup` ones; resolves with their times in ms. */
export async function timeHttpToolCalls(node, cli, base, { calls, warmup }) {
  const child = spawn(node, [cli, '--base-url', base, 'mcp', '--http'], { stdio: ['ignore', 'ignore', 'pipe'] });
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
