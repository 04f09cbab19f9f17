import {
  CallToolResultSchema,
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHostileServer } from '../helpers/hostile-server.js';
import { startStdioMcp, textOf, type StdioMcp } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

// Every request answers within the call deadline, every request the server declares is answered, and bad
// arguments are one line a model or a person can act on.

const silent = useHostileServer({ '*': () => undefined });
const service = useService({ routes: 50, seed: 5 });

/** The error a request failed with, or a failure of the test when it succeeded. */
async function rejection(work: Promise<unknown>): Promise<McpError> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof McpError)) throw new Error(`expected an McpError, got ${String(outcome)}`);
  return outcome;
}

describe('motoroute mcp: resources and completions within the deadline', () => {
  let mcp: StdioMcp;
  beforeAll(async () => {
    mcp = await startStdioMcp(['--base-url', silent.base, '--deadline', '2']);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('answers resources/read of a service that never answers with a request timeout, in one line', async () => {
    const error = await rejection(mcp.client.readResource({ uri: 'motoroute://cities' }, { timeout: 20_000 }));
    expect(error.code).toBe(ErrorCode.RequestTimeout);
    expect(error.message).toMatch(/The service did not answer within 2 s, so the call was stopped/);
    expect(error.message).not.toContain('\n');
  });

  it('answers completion/complete with no suggestion when the cities cannot be read in time', async () => {
    const answer = await mcp.client.complete(
      { ref: { type: 'ref/prompt', name: 'plan_trip' }, argument: { name: 'from', value: 'Par' } },
      { timeout: 20_000 },
    );
    expect(answer.completion.values).toEqual([]);
  });

  it('answers resources/templates/list (there is none) and declares logging', async () => {
    expect((await mcp.client.listResourceTemplates()).resourceTemplates).toEqual([]);
    expect(mcp.client.getServerCapabilities()?.logging).toEqual({});
  });
});

describe('motoroute mcp: bad arguments and logging', () => {
  let mcp: StdioMcp;
  const logged: string[] = [];
  beforeAll(async () => {
    mcp = await startStdioMcp(['--base-url', service.base]);
    mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      logged.push(`${note.params.level} ${String(note.params.data)}`);
    });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('answers arguments that are not an object with a one-line -32602', async () => {
    const error = await rejection(
      mcp.client.request(
        { method: 'tools/call', params: { name: 'search_routes', arguments: 'Paris' } },
        CallToolResultSchema,
      ),
    );
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toMatch(/Invalid params for tools\/call: arguments must be an object of named arguments/);
    expect(error.message).not.toContain('\n');
  });

  it('names the arguments a mistyped one was meant as', async () => {
    const result = await mcp.client.callTool({ name: 'search_routes', arguments: { depart: 'Paris', date: '+3d' } });
    expect(result.isError).toBe(true);
    expect(textOf(CallToolResultSchema.parse(result))).toBe(
      'Unknown argument "date". Did you mean date_from or date_to?',
    );
  });

  it('sends a failed call to the log at warning once asked, and honours logging/setLevel', async () => {
    logged.length = 0;
    await mcp.client.callTool({ name: 'cities_near', arguments: { location: '' } });
    expect(logged).toEqual([]);
    await mcp.client.setLoggingLevel('info');
    await mcp.client.callTool({ name: 'cities_near', arguments: { location: '' } });
    expect(logged).toEqual([expect.stringMatching(/^warning cities_near: location: give a place name/)]);
    await mcp.client.setLoggingLevel('error');
    logged.length = 0;
    await mcp.client.callTool({ name: 'cities_near', arguments: { location: '' } });
    expect(logged).toEqual([]);
  });
});
