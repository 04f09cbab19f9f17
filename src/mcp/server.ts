import {
  type CallToolResult,
  type LoggingLevel,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
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
import type { McpTool } from './tool.js';
import { CallTracker } from './call-tracker.js';

const INSTRUCTIONS =
  'motoroute: upcoming motorcycle transport trips between French cities (the motorcycle travels by truck, with or without its rider). ' +
  'Search with search_routes (or price_calendar when dates are flexible, cities_near when a city has no trips), look at one trip with route_details, ' +
  'then prepare the booking with draft_booking_email or get_booking_url (request_quote when no trip fits). Nothing can be booked, paid or ' +
  'sent through these tools: the traveller sends the e-mail or uses the form. Every call answers within its deadline; an error says what to do.';

let toolsLoad: Promise<ReadonlyMap<string, McpTool>> | undefined;

/**
 * The tools, by name, built at the first tools/list or tools/call: their schemas are most of this layer's own
 * start-up, and an initialize or server/discover needs none of them (the build turns this import() into a deferred
 * part of the same bundle).
 */
function loadTools(): Promise<ReadonlyMap<string, McpTool>> {
  toolsLoad ??= import('./tools/index.js').then(({ TOOLS }) => new Map(TOOLS.map((tool) => [tool.name, tool])));
  return toolsLoad;
}

/** The server, and a wait for the calls still running (stdin may close while the answers are on their way). */
export interface McpServerHandle {
  server: Server;
  callsSettled(): Promise<void>;
}

/** How one instance is placed: whose share of the upstream budget its calls use, and who counts its running calls. */
export interface McpServerPlace {
  /** The budget's key when the request carries no session id (a 2026-07-28 request over HTTP: its client). */
  budgetKey?: string;
  /** Shared by the instances of one transport (a stateless lane builds one a request). */
  calls?: CallTracker;
}

const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

// JSON-RPC's code for a request that ran out of time (the SDK keeps it for its own, local timeouts).
const REQUEST_TIMEOUT = -32001;

/** A stopped resource read as a protocol error: a deadline is the protocol's request timeout. */
function stopError(stop: CallStop): ProtocolError {
  return new ProtocolError(
    stop.kind === 'deadline' ? REQUEST_TIMEOUT : ProtocolErrorCode.InternalError,
    stopMessage(stop),
  );
}

/** The id the HTTP layer gave the request (X-Request-Id), passed with its headers; none over stdio. */
function requestIdOf(ctx: ServerContext): string | undefined {
  return ctx.http?.req?.headers.get('x-request-id') ?? undefined;
}

function firstText(result: { content: { type: string; text?: string }[] }): string {
  const first = result.content[0];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

/** The MCP server: the tools and prompts, each call answered (a failure as a result with isError), never thrown to the transport. */
export function createMcpServer(env: McpEnvironment, place: McpServerPlace = {}): McpServerHandle {
  const calls = place.calls ?? new CallTracker();
  const server = new Server(
    { name: 'motoroute', title: 'motoroute', version: VERSION },
    {
      capabilities: { tools: {}, prompts: {}, resources: {}, completions: {}, logging: {} },
      instructions: INSTRUCTIONS,
    },
  );
  const prompts = new Map(PROMPTS.map((prompt) => [prompt.definition.name, prompt]));

  server.setRequestHandler('tools/list', async () => ({
    tools: [...(await loadTools()).values()].map((tool) => tool.definition),
  }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tools = await loadTools();
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
            ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: token, progress, message },
            });
    const work = (signal: AbortSignal) => tool.call(request.params.arguments ?? {}, env, signal);
    const upstream = { count: 0 };
    const started = performance.now();
    const call = runBounded(work, { ...limitsOf(ctx), sendProgress, upstream }).catch(
      (error: unknown): Bounded<CallToolResult> => ({ done: errorResult(describeToolError(error)) }),
    );
    const outcome = await calls.track(call);
    const result = 'done' in outcome ? outcome.done : errorResult(stopMessage(outcome.stopped));
    if (result.isError) log(ctx, 'warning', `${tool.name}: ${firstText(result)}`);
    env.observeCall?.(requestIdOf(ctx), {
      tool: tool.name,
      outcome: 'stopped' in outcome ? outcome.stopped.kind : result.isError ? 'error' : 'ok',
      upstream: upstream.count,
      ms: performance.now() - started,
    });
    return result;
  });
  server.setRequestHandler('prompts/list', () => ({ prompts: PROMPTS.map((prompt) => prompt.definition) }));
  server.setRequestHandler('prompts/get', (request) => {
    const prompt = prompts.get(request.params.name);
    if (!prompt)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `There is no prompt "${request.params.name}"; the prompts are ${[...prompts.keys()].join(', ')}.`,
      );
    try {
      return prompt.render(request.params.arguments ?? {});
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, describeToolError(error));
    }
  });
  server.setRequestHandler('resources/list', () => ({ resources: listResources() }));
  // Resources are fixed addresses: there is no template, but a client that asks is answered.
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', async (request, ctx) => {
    const outcome = await runBounded((signal) => readResource(request.params.uri, env, signal), limitsOf(ctx)).catch(
      (error: unknown) => {
        if (error instanceof ProtocolError) throw error;
        throw new ProtocolError(ProtocolErrorCode.InternalError, describeToolError(error));
      },
    );
    if ('done' in outcome) return outcome.done;
    log(ctx, 'warning', `${request.params.uri}: ${stopMessage(outcome.stopped)}`);
    throw stopError(outcome.stopped);
  });
  // A completion is a suggestion: when the cities cannot be read in time, there is none (and a warning in the log).
  server.setRequestHandler('completion/complete', async (request, ctx) => {
    const none = { completion: { values: [], hasMore: false } };
    const outcome = await runBounded((signal) => completeArgument(request.params, env, signal), limitsOf(ctx)).catch(
      (error: unknown) => ({ stopped: describeToolError(error) }),
    );
    if ('done' in outcome) return outcome.done;
    const why = typeof outcome.stopped === 'string' ? outcome.stopped : stopMessage(outcome.stopped);
    log(ctx, 'warning', `completion: ${why}`);
    return none;
  });

  /** The bounds of any request: the call deadline, the client's cancellation, the session's budget. */
  function limitsOf(ctx: ServerContext): CallLimits {
    return {
      deadlineMs: env.callDeadlineMs,
      signal: ctx.mcpReq.signal,
      session: ctx.sessionId ?? place.budgetKey ?? '',
    };
  }

  // The log is the client's to ask for. A 2025 session: nothing before logging/setLevel, then what is at or above its
  // level (one instance a session). A 2026-07-28 request names its level in its _meta, and the SDK filters on it.
  let logLevel: LoggingLevel | undefined;
  server.setRequestHandler('logging/setLevel', (request) => {
    logLevel = request.params.level;
    return {};
  });

  /** A notifications/message to the client, when it asked for this level. */
  function log(ctx: ServerContext, level: LoggingLevel, message: string): void {
    const modern = ctx.mcpReq.envelope !== undefined;
    if (!modern && (logLevel === undefined || SEVERITY.indexOf(level) < SEVERITY.indexOf(logLevel))) return;
    ctx.mcpReq.log(level, message, 'motoroute').catch(() => undefined);
  }
  return { server, callsSettled: () => calls.settled() };
}
