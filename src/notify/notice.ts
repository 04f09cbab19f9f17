import type { AlertKind, TripAlert } from '../core/alerts/alert.js';
import type { Dispatch } from '../core/alerts/outbox.js';
import { sanitiseText } from '../domain/safe-text.js';
import type { Notice } from './target.js';

type Lang = 'en' | 'fr';

const HEADS: Record<Lang, Record<AlertKind, string>> = {
  en: { new: 'New trip', freed: 'Places freed', 'price-drop': 'Price down', gone: 'Trip gone' },
  fr: { new: 'Nouveau trajet', freed: 'Places libérées', 'price-drop': 'Prix en baisse', gone: 'Trajet disparu' },
};
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
      title: `${HEADS[lang][first.kind]}: ${route(first)}`,
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
    title:
      lang === 'fr'
        ? `motoroute : ${count} changements pendant les heures calmes`
        : `motoroute: ${count} changes during quiet hours`,
    message: dispatch.alerts
      .map((alert) => `${HEADS[lang][alert.kind]}: ${route(alert)} — ${describe(alert, lang)}`)
      .join('\n'),
    priority: 3,
    tags: ['motorcycle', 'newspaper'],
    payload: { type: 'watch.digest', timestamp, data: { alerts: dispatch.alerts } },
  };
}

/** A test notice: says the target works, and that nothing changed. */
export function testNotice(id: string, lang: Lang, now: Date): Notice {
  const message =
    lang === 'fr'
      ? 'Alerte de test de motoroute watch : cette cible recevra les changements de trajets.'
      : 'A test alert from motoroute watch: this target will get the trip changes.';
  return {
    id,
    type: 'watch.test',
    title: lang === 'fr' ? 'motoroute : alerte de test' : 'motoroute: test alert',
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
  const fr = lang === 'fr';
  const places = (n: number) =>
    fr ? `${n} place${n > 1 ? 's' : ''} libre${n > 1 ? 's' : ''}` : `${n} free place${n === 1 ? '' : 's'}`;
  const price = (euros: number | null) => (euros === null ? (fr ? 'sur devis' : 'on quote') : `${euros} €`);
  const parts: string[] = [];
  if (alert.kind === 'gone')
    parts.push(
      fr ? 'plus proposé (complet, annulé ou hors critères)' : 'no longer offered (full, cancelled or not matching)',
    );
  else if (alert.after) {
    parts.push(places(alert.after.places));
    if (alert.kind === 'freed' && alert.before)
      parts.push(fr ? `avant ${alert.before.places}` : `was ${alert.before.places}`);
    parts.push(`${fr ? 'dès' : 'from'} ${price(alert.after.price)}`);
    if (alert.kind === 'price-drop' && alert.before)
      parts.push(fr ? `avant ${price(alert.before.price)}` : `was ${price(alert.before.price)}`);
  }
  const text = `${parts.join(', ')} (#${sanitiseText(alert.trip.id)})`;
  return alert.bookingUrl ? `${text}\n${fr ? 'Réserver' : 'Book'}: ${alert.bookingUrl}` : text;
}
