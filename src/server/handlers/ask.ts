import { foldName } from '../../domain/text.js';
import type { Handler } from '../context.js';
import { parseJsonBody, readBodyText } from '../http/body.js';
import { HttpError, jsonReply, type JsonReply } from '../http/reply.js';
import { BOOK_URL, searchSlice } from '../search-run.js';
import { shapeAskAnswer, type AskFindings } from '../shapes.js';

const MAX_ROUTES = 10;

/**
 * POST /ask {question}: finds the served city names in the question (the first mentioned is the
 * departure, the second the arrival) and answers with a short text and up to 10 matching trips
 * (the text's field name, or its absence, follows the askShape option).
 */
export const askHandler: Handler = async (ctx, state) => {
  const body = parseJsonBody(await readBodyText(ctx.req));
  const question = typeof body === 'object' && body !== null ? (body as { question?: unknown }).question : undefined;
  if (typeof question !== 'string' || question.trim() === '')
    throw new HttpError(400, 'question is required: send {"question": "…"}');
  if (question.length > 2000) throw new HttpError(400, 'question must be at most 2000 characters');

  const cities = citiesIn(question, state.data.servedCityNames());
  const answer = (findings: AskFindings): JsonReply =>
    jsonReply(200, state.deviations.ask(shapeAskAnswer(findings, state.options.askShape), state.today()));
  if (cities.length === 0) {
    return answer({
      text: `I found no served city in your question. Name a departure and an arrival city, for example "Paris to Marseille". Booking: ${BOOK_URL}`,
      depart: undefined,
      arrival: undefined,
      total: 0,
      routes: [],
    });
  }
  const [depart, arrival] = cities;
  const { routes, total } = searchSlice(state.data, { depart, arrival }, state.today(), 0, MAX_ROUTES);
  const what = arrival ? `from ${depart} to ${arrival}` : `from ${depart}`;
  const first = routes[0];
  const text =
    total === 0
      ? `There is no upcoming trip ${what} at the moment. Ask for a quote: ${BOOK_URL}?tab=tab-devis`
      : `${total} upcoming trip${total === 1 ? '' : 's'} ${what}; the next leaves on ${first?.date} at ${first?.times[0]}` +
        `${first?.price_min == null ? ' (price on quote)' : ` from ${first.price_min} €`}. Book at ${BOOK_URL}`;
  return answer({ text, depart, arrival, total, routes });
};

/** Served city names found in the text as whole words, in order of first mention. */
function citiesIn(text: string, served: string[]): string[] {
  const folded = ` ${foldName(text).replace(/[^a-z0-9 ]/g, ' ')} `;
  return served
    .map((name) => ({ name, at: folded.indexOf(` ${foldName(name).replace(/[^a-z0-9 ]/g, ' ')} `) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at || b.name.length - a.name.length)
    .map((hit) => hit.name);
}
