import { ProtocolError, ProtocolErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server';
import type { McpEnvironment } from './environment.js';

/** A resource: its listing and how it is read. */
interface McpResource {
  definition: Resource;
  read(env: McpEnvironment, signal: AbortSignal): Promise<string>;
}

const RESOURCES: readonly McpResource[] = [
  {
    definition: {
      uri: 'motoroute://cities',
      name: 'served-cities',
      title: 'Served cities',
      description:
        'The cities with upcoming trips (departures, stopovers, arrivals), one a line: names search_routes knows.',
      mimeType: 'text/plain',
    },
    read: async (env, signal) => (await env.servedCities(signal)).join('\n'),
  },
  {
    definition: {
      uri: 'motoroute://booking-contacts',
      name: 'booking-contacts',
      title: 'Booking contacts',
      description:
        'Where a booking or quote request goes: the reservation e-mail address, the booking form and the quote form.',
      mimeType: 'application/json',
    },
    read: async (env) => {
      const { to, bookingUrl, quoteUrl } = env.destinations;
      return JSON.stringify({ reservation_email: to, booking_form: bookingUrl, quote_form: quoteUrl });
    },
  },
];

/** Every resource's listing. */
export function listResources(): Resource[] {
  return RESOURCES.map((resource) => resource.definition);
}

/** Reads one resource by URI; an unknown URI is an InvalidParams error naming the known ones. */
export async function readResource(uri: string, env: McpEnvironment, signal: AbortSignal): Promise<ReadResourceResult> {
  const resource = RESOURCES.find((candidate) => candidate.definition.uri === uri);
  if (!resource) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `There is no resource "${uri}"; the resources are ${RESOURCES.map((r) => r.definition.uri).join(', ')}.`,
    );
  }
  const text = await resource.read(env, signal);
  return { contents: [{ uri, mimeType: resource.definition.mimeType ?? 'text/plain', text }] };
}
