import { ASK_WORDS } from './ask-words.js';
import { defineCommand } from './define.js';
import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';

/** What an answer of /ask holds that can be shown: text paragraphs, trips, and entries that looked like trips but were not. */
export interface AskAnswer {
  text: string[];
  trips: Trip[];
  unreadableTrips: number;
}

/** A parser of one trip record (the client's trip reader), passed in so this file loads no client at start-up. */
export type TripParser = (value: unknown) => Trip | undefined;

const TEXT_FIELDS = ['answer', 'text', 'message', 'response', 'reply', 'content', 'result', 'output', 'error'] as const;
const TRIP_FIELDS = ['routes', 'trips', 'results', 'data'] as const;

/** `motoroute ask`: a question in plain words to the service (POST /ask). */
export const askCommand = defineCommand({
  name: 'ask',
  summary: 'ask the service a question in plain words (POST /ask)',
  args: ['<text...>'],
  examples: ['motoroute ask "Is there a trip from Paris to Marseille next week?"', 'motoroute ask Lyon to Nice --json'],
  details:
    'Prints the answer text, then any trips it lists (as search prints them). The service does not document\n' +
    'the shape of its answers: anything it sends is shown. --json (or --format ndjson) prints the answer untouched.',
  async run({ args }, ctx) {
    const question = args.join(' ').trim();
    if (!question) throw new UsageError(ASK_WORDS[ctx.lang].needsQuestion);
    const [client, settings] = await Promise.all([ctx.client(), ctx.output()]);
    const answer = await client.ask(question);
    if (settings.format === 'json' || settings.format === 'ndjson') {
      const { printJson } = await import('../output/writer.js');
      await printJson(answer, { stdoutIsTTY: settings.format === 'json' && settings.stdoutIsTTY }, ctx.stdout);
      return;
    }
    const [{ readTrip }, { sanitiseText }, { writeSafely }, { openTripWriter }] = await Promise.all([
      import('../client/readers.js'),
      import('../output/sanitise.js'),
      import('../output/stdout.js'),
      import('./shared/trip-output.js'),
    ]);
    const shown = interpretAskAnswer(answer, (value) => {
      const read = readTrip(value);
      return read.ok ? read.value : undefined;
    });
    // Line breaks of the answer are kept; everything else a terminal would act on is removed.
    const text = shown.text.map((paragraph) => paragraph.split(/\r?\n/).map(sanitiseText).join('\n')).join('\n');
    if (text) await writeSafely(ctx.stdout, `${text}\n`);
    if (shown.trips.length > 0) {
      if (text && settings.format === 'table') await writeSafely(ctx.stdout, '\n');
      const writer = await openTripWriter(ctx);
      for (const trip of shown.trips) await writer.write(trip);
      await writer.end();
    }
    if (shown.unreadableTrips > 0) {
      ctx.warn(
        `${shown.unreadableTrips} trip${shown.unreadableTrips > 1 ? 's' : ''} of the answer could not be read; --json shows the answer as sent.`,
      );
    }
    if (!text && shown.trips.length === 0) ctx.note(ASK_WORDS[ctx.lang].empty);
  },
});

/**
 * Finds what to show in any JSON answer: a string; an object's text field (answer, text, message, …)
 * and trip list (routes, trips, …); an array of trips or of strings. Anything else is shown as
 * indented JSON rather than refused.
 */
export function interpretAskAnswer(answer: unknown, parseTrip: TripParser): AskAnswer {
  const none: AskAnswer = { text: [], trips: [], unreadableTrips: 0 };
  if (answer === null || answer === undefined) return none;
  if (typeof answer === 'string') return { ...none, text: answer.trim() ? [answer] : [] };
  if (typeof answer !== 'object') return { ...none, text: [String(answer)] };
  if (Array.isArray(answer)) {
    if (answer.length === 0) return none;
    if (answer.every((item) => typeof item === 'string')) return { ...none, text: answer as string[] };
    const trips = readTrips(answer, parseTrip);
    return trips.trips.length > 0 ? { ...trips, text: [] } : { ...none, text: [JSON.stringify(answer, null, 2)] };
  }
  const record = answer as Record<string, unknown>;
  const textField = TEXT_FIELDS.map((field) => record[field]).find(
    (value) => typeof value === 'string' || isStringArray(value),
  );
  const tripField = TRIP_FIELDS.map((field) => record[field]).find(Array.isArray);
  const text = typeof textField === 'string' ? [textField] : isStringArray(textField) ? textField : [];
  const trips = tripField ? readTrips(tripField, parseTrip) : { trips: [], unreadableTrips: 0 };
  if (
    text.length === 0 &&
    trips.trips.length === 0 &&
    trips.unreadableTrips === 0 &&
    !(tripField && Object.keys(record).length === 1)
  ) {
    return { ...none, text: [JSON.stringify(answer, null, 2)] };
  }
  return { text, ...trips };
}

function readTrips(items: readonly unknown[], parseTrip: TripParser): { trips: Trip[]; unreadableTrips: number } {
  const trips = items.map(parseTrip).filter((trip): trip is Trip => trip !== undefined);
  return { trips, unreadableTrips: items.length - trips.length };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}
