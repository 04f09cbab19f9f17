import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { connectHttp, startHttpMcp, textOf, type HttpMcp } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

// Many users on one hosted server: each session has a fair share of the upstream budget the operator sets
// (--rate), and what is cached (the listing behind the served cities) is read once for all of them.

const service = useService({ routes: 50, seed: 5 });
let server: HttpMcp;

beforeAll(async () => {
  server = await startHttpMcp(['--base-url', service.base], ['--rate', '10']);
});
afterAll(async () => {
  await server?.stop();
});

async function near(client: Awaited<ReturnType<typeof connectHttp>>['client'], location: string) {
  return CallToolResultSchema.parse(await client.callTool({ name: 'cities_near', arguments: { location } }));
}

describe('motoroute mcp --http: many users', () => {
  it('a burst of one session is refused past its share; another session is answered at once', async () => {
    const first = await connectHttp(server.url);
    const second = await connectHttp(server.url);
    try {
      const answers = [];
      for (let index = 0; index < 8; index++) answers.push(await near(first.client, 'Annecy'));
      // 10 a minute, one share kept free for a newcomer: 5 for the first session alone.
      expect(answers.filter((result) => !result.isError)).toHaveLength(5);
      const last = answers.at(-1);
      expect(last && textOf(last)).toMatch(/our budget of requests a minute is spent\); retry in \d+ s/);
      const other = await near(second.client, 'Lyon');
      expect(other.isError, textOf(other)).toBeFalsy();
    } finally {
      await first.client.close();
      await second.client.close();
    }
  });

  it('reads the listing once for the served cities of every session', async () => {
    const sessions = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    try {
      service.server.stats.reset();
      for (const { client } of sessions) {
        const read = await client.readResource({ uri: 'motoroute://cities' });
        expect(JSON.stringify(read.contents[0])).toMatch(/Paris/);
      }
      expect(service.server.stats.requests()).toBe(1);
    } finally {
      for (const { client } of sessions) await client.close();
    }
  });

  it('says --rate in mcp --help', async () => {
    const help = await runCli(['mcp', '--help']);
    expect(help.stdout).toMatch(/--rate <n> +requests a minute to the service, shared fairly/);
  });
});
