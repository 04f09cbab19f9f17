import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  type LoggingLevel,
  LoggingLevelSchema,
  SetLevelRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.js';
import type { McpEnvironment } from './environment.js';
import { completeArgument } from './completions.js';
import { PROMPTS } from './prompts.js';
import { listResources, readResource } from './resources.js';
import { type Bounded, runBounded, stopMessage, type CallLimits } from './call-runner.js';
import type { CallStop } from './call-budget.js';
import { didYouMean } from './near-names.js';
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

const SEVERITY: readonly LoggingLevel[] = LoggingLevelSchema.options;

/** A stopped resource read as a protocol error: a deadline is the protocol's request timeout. */
function stopError(stop: CallStop): McpError {
  return new McpError(stop.kind === 'deadline' ? ErrorCode.RequestTimeout : ErrorCode.InternalError, stopMessage(stop));
}

/** The id the HTTP layer gave the request (X-Request-Id), passed with its headers; none over stdio. */
function requestIdOf(extra: {
  requestInfo?: { headers: Record<string, string | string[] | undefined> };
}): string | undefined {
  const id = extra.requestInfo?.headers['x-request-id'];
  return typeof id === 'string' ? id : undefined;
}

function firstText(result: { content: { type: string; text?: string }[] }): string {
  const first = result.content[0];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

/** The MCP server: the tools and prompts, each call answered (a failure as a result with isError), never thrown to the transport. */
export function createMcpServer(env: McpEnvironment): McpServerHandle {
  const running = new Set<Promise<unknown>>();
  const server = new Server(
    { name: 'motoroute', title: 'motoroute', version: VERSION },
    {
      capabilities: { tools: {}, prompts: {}, resources: {}, completions: {}, logging: {} },
      instructions: INSTRUCTIONS,
    },
  );
  const tools = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const prompts = new Map(PROMPTS.map((prompt) => [prompt.definition.name, prompt]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (!tool) {
      const known = [...tools.keys()];
      const hint = didYouMean(request.params.name, known);
      return errorResult(`There is no tool "${request.params.name}"; the tools are ${known.join(', ')}.${hint}`);
    }
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
    const upstream = { count: 0 };
    const started = performance.now();
    const call = runBounded(work, { ...limitsOf(extra), sendProgress, upstream }).catch(
      (error: unknown): Bounded<CallToolResult> => ({ done: errorResult(describeToolError(error)) }),
    );
    running.add(call);
    try {
      const outcome = await call;
      const result = 'done' in outcome ? outcome.done : errorResult(stopMessage(outcome.stopped));
      if (result.isError) log(extra.sessionId, 'warning', `${tool.name}: ${firstText(result)}`);
      env.observeCall?.(requestIdOf(extra), {
        tool: tool.name,
        outcome: 'stopped' in outcome ? outcome.stopped.kind : result.isError ? 'error' : 'ok',
        upstream: upstream.count,
        ms: performance.now() - started,
      });
      return result;
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
  // Resources are fixed addresses: there is no template, but a client that asks is answered.
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const outcome = await runBounded((signal) => readResource(request.params.uri, env, signal), limitsOf(extra)).catch(
      (error: unknown) => {
        if (error instanceof McpError) throw error;
        throw new McpError(ErrorCode.InternalError, describeToolError(error));
      },
    );
    if ('done' in outcome) return outcome.done;
    log(extra.sessionId, 'warning', `${request.params.uri}: ${stopMessage(outcome.stopped)}`);
    throw stopError(outcome.stopped);
  });
  // A completion is a suggestion: when the cities cannot be read in time, there is none (and a warning in the log).
  server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
    const none = { completion: { values: [], hasMore: false } };
    const outcome = await runBounded((signal) => completeArgument(request.params, env, signal), limitsOf(extra)).catch(
      (error: unknown) => ({ stopped: describeToolError(error) }),
    );
    if ('done' in outcome) return outcome.done;
    const why = typeof outcome.stopped === 'string' ? outcome.stopped : stopMessage(outcome.stopped);
    log(extra.sessionId, 'warning', `completion: ${why}`);
    return none;
  });

  /** The bounds of any request: the call deadline, the client's cancellation, the session's budget. */
  function limitsOf(extra: { signal: AbortSignal; sessionId?: string | undefined }): CallLimits {
    return { deadlineMs: env.callDeadlineMs, signal: extra.signal, session: extra.sessionId ?? '' };
  }

  // The log is the client's to ask for: nothing is sent before logging/setLevel, then what is at or above its level.
  let logLevel: LoggingLevel | undefined;
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    logLevel = request.params.level;
    return {};
  });

  /** A notifications/message to the client, when it asked for this level (logging/setLevel). */
  function log(sessionId: string | undefined, level: LoggingLevel, message: string): void {
    if (logLevel === undefined || SEVERITY.indexOf(level) < SEVERITY.indexOf(logLevel)) return;
    server.sendLoggingMessage({ level, logger: 'motoroute', data: message }, sessionId).catch(() => undefined);
  }
  return {
    server,
    async callsSettled() {
      // Requests read with the last chunk of stdin reach their handler a turn later.
      await new Promise((resolve) => setImmediate(resolve));
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
