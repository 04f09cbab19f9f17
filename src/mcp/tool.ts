import * as z from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { McpEnvironment } from './environment.js';
import { portableSchema } from './portable-schema.js';
import { describeInputError, describeToolError } from './tool-errors.js';

/** What a tool's handler returns: the structured result (checked against its output schema) and a short text rendering. */
export interface ToolAnswer<Output> {
  structured: Output;
  text: string;
}

/** A tool as written: schemas and a handler; `defineTool` turns it into what the server lists and calls. */
export interface ToolSpec<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  /** Written for a model: what the tool does, when to use it, what it never does. */
  description: string;
  input: Input;
  output: Output;
  /** The tool only reads (every tool here: nothing is booked or sent). */
  readOnly: boolean;
  /** The tool talks to the route service (an outside system), not only to local data. */
  openWorld: boolean;
  run(input: z.output<Input>, env: McpEnvironment, signal: AbortSignal): Promise<ToolAnswer<z.input<Output>>>;
}

/** A tool ready for the server: its listing and a call that always answers, an error as a result with isError. */
export interface McpTool {
  name: string;
  definition: Tool;
  call(args: unknown, env: McpEnvironment, signal: AbortSignal): Promise<CallToolResult>;
}

// draft-07: what the SDK's own server emits and what clients' validators (ajv) read without extra set-up.
const JSON_SCHEMA_TARGET = 'draft-7';

/** Builds a tool: JSON Schemas from the zod schemas, input checked before the handler, any failure a one-line error result. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  spec: ToolSpec<Input, Output>,
): McpTool {
  // Built on the first tools/list, not at start-up: `initialize` is answered before any JSON Schema is written.
  let definition: Tool | undefined;
  const describe = (): Tool => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: portableSchema(
      z.toJSONSchema(spec.input, { target: JSON_SCHEMA_TARGET, io: 'input' }),
    ) as Tool['inputSchema'],
    outputSchema: portableSchema(z.toJSONSchema(spec.output, { target: JSON_SCHEMA_TARGET, io: 'output' }), {
      descriptions: false,
    }) as Tool['outputSchema'],
    annotations: {
      readOnlyHint: spec.readOnly,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: spec.openWorld,
    },
  });
  return {
    name: spec.name,
    get definition() {
      definition ??= describe();
      return definition;
    },
    async call(args, env, signal) {
      const parsed = spec.input.safeParse(args ?? {});
      if (!parsed.success) return errorResult(describeInputError(parsed.error, Object.keys(spec.input.shape)));
      try {
        const answer = await spec.run(parsed.data, env, signal);
        // Our own promise to the client: a result that breaks the schema is a bug to report, not data to send.
        const structured = spec.output.parse(answer.structured) as Record<string, unknown>;
        return { content: [{ type: 'text', text: answer.text }], structuredContent: structured };
      } catch (error) {
        return errorResult(describeToolError(error));
      }
    },
  };
}

/** A failed call as the protocol wants it: a result the model reads, with isError. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
