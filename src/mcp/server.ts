import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.js';
import type { McpEnvironment } from './environment.js';
import { completeArgument } from './completions.js';
import { PROMPTS } from './prompts.js';
import { listResources, readResource } from './resources.js';
import { runCall } from './call-runner.js';
import { errorResult } from './tool.js';
import { describeToolError } from './tool-errors.js';
import { TOOLS } from './tools/index.js';

const INSTRUCTIONS =
  'motoroute: upcoming motorcycle transport trips between French cities (the motorcycle travels by truck, with or without its rider). ' +
  'Search with search_routes (or price_calendar when dates are flexible, cities_near when a city has no trips), look at one trip with route_details, ' +
  'then prepare the booking with draft_booking_email or get_booking_url (request_quote when no trip fits). Nothing can be booked, paid or ' +
  'sent through these tools: the traveller sends the e-mail or uses the form. Every call answers within its deadline; an error says what to do.';

/** The server, and a wait for the calls still running (stdin may close while the answers are on their way). */
export interface McpServerHandle {
  server: Server;
  callsSettled(): Promise<void>;
}

/** The MCP server: the tools and prompts, each call answered (a failure as a result with isError), never thrown to the transport. */
export function createMcpServer(env: McpEnvironment): McpServerHandle {
  const running = new Set<Promise<unknown>>();
  const server = new Server(
    { name: 'motoroute', title: 'motoroute', version: VERSION },
    { capabilities: { tools: {}, prompts: {}, resources: {}, completions: {} }, instructions: INSTRUCTIONS },
  );
  const tools = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const prompts = new Map(PROMPTS.map((prompt) => [prompt.definition.name, prompt]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (!tool)
      return errorResult(`There is no tool "${request.params.name}"; the tools are ${[...tools.keys()].join(', ')}.`);
    const token = request.params._meta?.progressToken;
    const sendProgress =
      token === undefined
        ? undefined
        : (progress: number, message: string) =>
            extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, message },
            });
    const work = (signal: AbortSignal) => tool.call(request.params.arguments ?? {}, env, signal);
    const call = runCall(work, { deadlineMs: env.callDeadlineMs, signal: extra.signal, sendProgress }).catch(
      (error: unknown) => errorResult(describeToolError(error)),
    );
    running.add(call);
    try {
      return await call;
    } finally {
      running.delete(call);
    }
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS.map((prompt) => prompt.definition) }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = prompts.get(request.params.name);
    if (!prompt)
      throw new McpError(
        ErrorCode.InvalidParams,
        `There is no prompt "${request.params.name}"; the prompts are ${[...prompts.keys()].join(', ')}.`,
      );
    try {
      return prompt.render(request.params.arguments ?? {});
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, describeToolError(error));
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    readResource(request.params.uri, env, extra.signal),
  );
  server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
    completeArgument(request.params, env, extra.signal),
  );
  return {
    server,
    async callsSettled() {
      // Requests read with the last chunk of stdin reach their handler a turn later.
      await new Promise((resolve) => setImmediate(resolve));
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
