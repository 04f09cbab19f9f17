import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { sanitiseText } from '../output/sanitise.js';

// The SDK answers a request whose params break its schema with the whole validation report, over many lines, as an
// internal error (-32603); these are answered here first, in one line, as the invalid params they are (-32602).
const SCHEMAS: ReadonlyMap<string, { safeParse(value: unknown): CheckedParams }> = new Map<
  string,
  { safeParse(value: unknown): CheckedParams }
>([
  ['tools/call', CallToolRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
  ['prompts/get', GetPromptRequestSchema],
  ['completion/complete', CompleteRequestSchema],
]);

type CheckedParams = { success: true } | { success: false; error: { issues: readonly Issue[] } };

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** A transport whose malformed requests are answered with a one-line -32602 and never reach the server. */
export class ScreenedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;

  constructor(readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    const closed = this.inner.onclose;
    this.inner.onclose = () => {
      closed?.();
      this.onclose?.();
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      if (!isJSONRPCRequest(message)) return this.onmessage?.(message, extra);
      const refusal = malformedParams(message);
      if (refusal === undefined) return this.onmessage?.(message, extra);
      const reply: JSONRPCMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ErrorCode.InvalidParams, message: refusal },
      };
      this.inner.send(reply, { relatedRequestId: message.id }).catch((error: unknown) => {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      });
    };
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** One line saying what is wrong with a request's params, or undefined when they are well formed. */
export function malformedParams(request: JSONRPCRequest): string | undefined {
  const schema = SCHEMAS.get(request.method);
  const checked = schema?.safeParse(request);
  if (!checked || checked.success) return undefined;
  const issue = checked.error.issues[0];
  const path = (issue?.path ?? []).map(String).join('.');
  if (path === 'params.arguments')
    return `Invalid params for ${request.method}: arguments must be an object of named arguments, e.g. {"depart": "Paris"}.`;
  const what = sanitiseText(issue?.message ?? 'invalid').replace(/\s+/g, ' ');
  return `Invalid params for ${request.method}: ${path || 'the request'}: ${what}.`;
}
