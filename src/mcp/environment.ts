import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../booking/index.js';
import { resolveBookingLang, type BookingLang } from '../booking/lang.js';
import type { BookingDestinations } from '../booking/request-output.js';
import type { RouteClient } from '../client/client.js';
import { clockFromEnvironment } from '../core/clock.js';
import { Core } from '../core/core.js';
import type { BudgetCounts } from './fair-budget.js';
import type { CallRecord } from './observe/metrics.js';

/** What the command passes in: the run's client and the settings as resolved (flag > environment > config file), unset when unset. */
export interface McpSettings {
  /** The API client of the run (with --sandbox, on the in-process local service). */
  client(): Promise<RouteClient>;
  lang: string | undefined;
  bookingEmail: string | undefined;
  bookingUrl: string | undefined;
  quoteUrl: string | undefined;
  /** The greeting, signature and voice settings, which the drafts follow as `motoroute book`'s do. */
  greeting: string | undefined;
  signature: string | undefined;
  voice?: string | undefined;
  /** The process environment: its locale chooses the e-mail's language when lang is unset. */
  env: NodeJS.ProcessEnv;
  /** Every tool call answers within this many seconds (default 25: under the 60 s that clients wait). */
  deadlineSeconds?: number;
  /** What the upstream budget counted (requests started, waits), for /metrics. */
  budgetCounts?: BudgetCounts;
}

/** The default deadline of a call: well under the 60 s after which common clients give up. */
export const DEFAULT_DEADLINE_SECONDS = 25;

/** What the tools share, decided once from the settings. */
export interface McpEnvironment {
  client(): Promise<RouteClient>;
  /** The booking e-mail's language when a call does not choose one (as `motoroute book` chooses it). */
  bookingLang: BookingLang;
  /** The reservation address and the two forms (settings booking-email, booking-url, quote-url). */
  destinations: BookingDestinations;
  /** The clock: `today`, `+3d` and past dates are read against it (France's, from the core). */
  now(): Date;
  /** The core of the session: trips by id on one listing read, served cities, the trip check. */
  core: Core;
  /** A tool call answers within this time. */
  callDeadlineMs: number;
  /** The served cities, sanitised and sorted, for the cities resource and completions (the core's, from the listing). */
  servedCities(signal?: AbortSignal): Promise<string[]>;
  /** What the upstream budget counted, for /metrics. */
  budgetCounts: BudgetCounts;
  /** Told of every tool call when it ends, with the id of the HTTP request that carried it (metrics, access log). */
  observeCall?: (requestId: string | undefined, record: CallRecord) => void;
}

/** The tools' environment: the settings with the service's defaults, and a core of the session's own. */
export function createEnvironment(settings: McpSettings): McpEnvironment {
  const core = new Core({ client: () => settings.client(), clock: clockFromEnvironment(settings.env) });
  return {
    core,
    client: () => settings.client(),
    bookingLang: resolveBookingLang(settings.lang, settings.env),
    destinations: {
      to: settings.bookingEmail ?? DEFAULT_BOOKING_EMAIL,
      bookingUrl: settings.bookingUrl ?? DEFAULT_BOOKING_URL,
      quoteUrl: settings.quoteUrl ?? DEFAULT_QUOTE_URL,
      ...(settings.greeting ? { greeting: settings.greeting } : {}),
      ...(settings.signature ? { signature: settings.signature } : {}),
      ...(settings.voice === 'desk' ? { voice: 'desk' as const } : {}),
    },
    now: () => core.clock.now(),
    callDeadlineMs: (settings.deadlineSeconds ?? DEFAULT_DEADLINE_SECONDS) * 1000,
    servedCities: async (signal) => [...(await core.servedCityNames(signal)).names],
    budgetCounts: settings.budgetCounts ?? { started: 0, waited: 0 },
  };
}
