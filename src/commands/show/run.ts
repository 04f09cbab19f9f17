import type { Context } from '../../cli/context.js';
import { DEFAULT_BOOKING_URL } from '../../booking/index.js';
import { tripFormUrl } from '../../core/trip-links.js';
import type { Trip } from '../../domain/types.js';
import { sanitiseTrip } from '../../output/sanitise.js';
import { openTripWriter } from '../shared/trip-output.js';
import { locateTrip } from './locate-trip.js';
import { tripDetailLines, type TripNextSteps } from './trip-detail.js';

/**
 * Finds the trip and prints it: in detail on a terminal, as one row otherwise; JSON is one object with the keys
 * of `search --json`. --fields chooses the columns in every format (a table on a terminal then, not the detail).
 */
export async function runShow(id: string, ctx: Context): Promise<void> {
  const [{ trip: found }, settings, core] = await Promise.all([locateTrip(ctx, id), ctx.output(), ctx.core()]);
  const trip = sanitiseTrip(found);
  // Asked for by id, a trip that has left is still shown, with a word that it can no longer be taken.
  const { departed } = core.checkTrip(trip, { motorcycles: 0 });
  if (departed !== undefined) ctx.warn(departed);
  if (settings.format === 'json') {
    const [{ jsonRecords, printJson }, { tripColumns }] = await Promise.all([
      import('../../output/writer.js'),
      import('../../output/trip-columns.js'),
    ]);
    await printJson(jsonRecords(tripColumns(ctx.lang), settings.fields, [trip])[0], settings, ctx.stdout);
    return;
  }
  if (settings.format === 'table' && settings.stdoutIsTTY && settings.fields === undefined) {
    ctx.stdout.write(`${tripDetailLines(trip, nextSteps(trip, ctx), ctx.lang, settings.width).join('\n')}\n`);
    return;
  }
  const writer = await openTripWriter(ctx, undefined, { keepDeparted: true });
  await writer.write(trip);
  await writer.end();
}

/** The booking form pre-filled with the trip (booking-url setting), and the `book` command that drafts the request. */
function nextSteps(trip: Trip, ctx: Context): TripNextSteps {
  const bookingUrl = ctx.setting('booking-url').value ?? DEFAULT_BOOKING_URL;
  return {
    formUrl: tripFormUrl(trip, { bookingUrl }),
    bookCommand: ctx.commandLine('book', trip.id, '--formula', 'rider'),
  };
}
