import type { AlertKind, TripAlert } from '../core/alerts/alert.js';
import type { Dispatch } from '../core/alerts/outbox.js';
import { sanitiseText } from '../domain/safe-text.js';
import type { Notice } from './target.js';
import { NOTICE_WORDS } from './words.js';

type Lang = 'en' | 'fr';

const PRIORITY: Record<AlertKind, Notice['priority']> = { new: 4, freed: 4, 'price-drop': 3, gone: 2 };
const TAG: Record<AlertKind, string> = {
  new: 'new',
  freed: 'tada',
  'price-drop': 'chart_with_downwards_trend',
  gone: 'x',
};

/** What a dispatch says: one alert worded for a person (and its JSON for machines), or a digest of several. */
export function noticeOf(dispatch: Dispatch, lang: Lang, now: Date): Notice {
  const timestamp = now.toISOString();
  const [first] = dispatch.alerts;
  if (!dispatch.digest && first !== undefined) {
    return {
      id: dispatch.id,
      type: `trip.${first.kind}`,
      title: `${NOTICE_WORDS[lang].heads[first.kind]}: ${route(first)}`,
      message: describe(first, lang),
      ...(first.bookingUrl !== undefined && { click: first.bookingUrl }),
      priority: PRIORITY[first.kind],
      tags: ['motorcycle', TAG[first.kind]],
      payload: { type: `trip.${first.kind}`, timestamp, data: first },
    };
  }
  const count = dispatch.alerts.length;
  return {
    id: dispatch.id,
    type: 'watch.digest',
    title: NOTICE_WORDS[lang].digestTitle(count),
    message: dispatch.alerts
      .map((alert) => `${NOTICE_WORDS[lang].heads[alert.kind]}: ${route(alert)} — ${describe(alert, lang)}`)
      .join('\n'),
    priority: 3,
    tags: ['motorcycle', 'newspaper'],
    payload: { type: 'watch.digest', timestamp, data: { alerts: dispatch.alerts } },
  };
}

/** A test notice: says the target works, and that nothing changed. */
export function testNotice(id: string, lang: Lang, now: Date): Notice {
  const message = NOTICE_WORDS[lang].testMessage;
  return {
    id,
    type: 'watch.test',
    title: NOTICE_WORDS[lang].testTitle,
    message,
    priority: 3,
    tags: ['motorcycle', 'white_check_mark'],
    payload: { type: 'watch.test', timestamp: now.toISOString(), data: { message } },
  };
}

function route(alert: TripAlert): string {
  const { trip } = alert;
  return sanitiseText(`${trip.depart} → ${trip.arrival}, ${trip.date}${trip.times[0] ? ` ${trip.times[0]}` : ''}`);
}

function describe(alert: TripAlert, lang: Lang): string {
  const words = NOTICE_WORDS[lang];
  const price = (euros: number | null) => (euros === null ? words.onQuote : `${euros} €`);
  const parts: string[] = [];
  if (alert.kind === 'gone') parts.push(words.gone);
  else if (alert.after) {
    parts.push(words.places(alert.after.places));
    if (alert.kind === 'freed' && alert.before) parts.push(words.was(String(alert.before.places)));
    parts.push(`${words.from} ${price(alert.after.price)}`);
    if (alert.kind === 'price-drop' && alert.before) parts.push(words.was(price(alert.before.price)));
  }
  const text = `${parts.join(', ')} (#${sanitiseText(alert.trip.id)})`;
  return alert.bookingUrl ? `${text}\n${words.book}: ${alert.bookingUrl}` : text;
}
