import type { GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import { UsageError } from '../errors.js';

/** A prompt: its listing and the messages it expands to. */
export interface McpPrompt {
  definition: Prompt;
  render(args: Record<string, string>): GetPromptResult;
}

/** `plan_trip`: walks an assistant through search → choose → booking e-mail. */
export const planTripPrompt: McpPrompt = {
  definition: {
    name: 'plan_trip',
    title: 'Plan a motorcycle transport trip',
    description:
      'Find a trip for a motorcycle between two cities, help the traveller choose, and draft the booking e-mail.',
    arguments: [
      { name: 'from', description: 'departure city, e.g. Paris', required: true },
      { name: 'to', description: 'arrival city, e.g. Marseille', required: true },
      {
        name: 'dates',
        description: 'wished dates: a day (2026-12-05), a range, or "flexible in December"',
        required: false,
      },
      { name: 'formula', description: 'rider (the motorcycle travels with its rider) or moto-only', required: false },
    ],
  },
  render(args) {
    const from = required(args, 'from');
    const to = required(args, 'to');
    const dates = args.dates?.trim() || 'not given yet: ask the traveller, or look at the coming weeks';
    const formula =
      args.formula?.trim() ||
      'not given yet: ask whether the rider travels with the motorcycle (rider) or not (moto-only)';
    const text = [
      `Help me send a motorcycle by the transport service from ${from} to ${to}.`,
      `Dates: ${dates}. Formula: ${formula}.`,
      '',
      'Steps:',
      `1. Call search_routes with depart "${from}" and arrival "${to}" and the dates as date_from/date_to (YYYY-MM-DD, today or +Nd). ` +
        'If the dates are flexible, call price_calendar for the month first and suggest the cheapest days.',
      '2. If nothing is found, call cities_near for each city and search again from or to a served city nearby (search_batch runs up to 10 searches at once); ' +
        'if still nothing fits, offer request_quote.',
      '3. Show the best few trips (date, time, stopovers, price, free places) and let me choose one; route_details gives the legs of a trip.',
      '4. Ask for what is missing: the formula, the motorcycle make and model, and my name, e-mail and phone if I want them in the message.',
      '5. Call draft_booking_email with the chosen route_id and formula (lang fr or en as I prefer), and show me the e-mail, its mailto: link and the form link.',
      'Nothing is booked or sent by these tools: say so, and tell me to send the e-mail or use the form myself.',
    ].join('\n');
    return {
      description: `Plan a trip from ${from} to ${to}`,
      messages: [{ role: 'user', content: { type: 'text', text } }],
    };
  },
};

function required(args: Record<string, string>, name: string): string {
  const value = args[name]?.trim();
  if (!value) throw new UsageError(`plan_trip needs the argument "${name}".`);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value))
    throw new UsageError(`plan_trip: "${name}" must be one line of plain text.`);
  return value;
}

/** Every prompt, in the order they are listed. */
export const PROMPTS: readonly McpPrompt[] = [planTripPrompt];
