import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  ProtocolErrorCode,
  type SpecTypeName,
  specTypeSchemas,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { sanitiseText } from '../output/sanitise.js';

// The SDK answers a request whose params break its schema with the whole validation report, over many lines; these
// are answered here first, in one line, as the invalid params they are (-32602).
const SCHEMAS: ReadonlyMap<string, SpecTypeName> = new Map<string, SpecTypeName>([
  ['tools/call', 'CallToolRequest'],
  ['resources/read', 'ReadResourceRequest'],
  ['prompts/get', 'GetPromptRequest'],
  ['completion/complete', 'CompleteRequest'],
]);

interface Issue {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly message: string;
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
        error: { code: ProtocolErrorCode.InvalidParams, message: refusal },
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
  const type = SCHEMAS.get(request.method);
  if (type === undefined) return undefined;
  const checked = specTypeSchemas[type]['~standard'].validate(request);
  if (!checked.issues) return undefined;
  const issue: Issue | undefined = checked.issues[0];
  const path = (issue?.path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .join('.');
  if (path === 'params.arguments')
    return `Invalid params for ${request.method}: arguments must be an object of named arguments, e.g. {"depart": "Paris"}.`;
  const what = sanitiseText(issue?.message ?? 'invalid').replace(/\s+/g, ' ');
  return `Invalid params for ${request.method}: ${path || 'the request'}: ${what}.`;
}
