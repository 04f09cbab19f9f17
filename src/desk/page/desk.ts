// The desk's page: it only calls the desk's own API, which calls the core.

import type { Trip } from '../../domain/types.js';

type Lang = 'fr' | 'en';

/** A trip as the desk's API gives it: the library's own shape. */
type PageTrip = Pick<
  Trip,
  'id' | 'date' | 'depart' | 'arrival' | 'layovers' | 'price_min' | 'price_max' | 'slots' | 'times'
>;

const TEXTS: Record<Lang, Record<string, string>> = {
  fr: {
    title: 'Guichet motoroute',
    from: 'Départ',
    to: 'Arrivée',
    date: 'Date',
    search: 'Rechercher',
    trips: 'Trajets du jour',
    booking: 'Demande de réservation',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    motorcycles: 'Motos',
    riders: 'Pilotes',
    formula: 'Formule',
    rider: 'Moto avec pilote',
    motoOnly: 'Moto seule',
    compose: "Rédiger l'e-mail",
    preview: "Aperçu de l'e-mail",
    subject: 'Objet',
    download: 'Télécharger le brouillon (.eml)',
    copyBody: 'Copier le texte',
    copySubject: "Copier l'objet",
    mailto: 'Ouvrir dans la messagerie',
    switch: 'English',
    searching: 'Recherche…',
    none: 'Aucun trajet ce jour-là.',
    found: '{n} trajet(s).',
    free: 'places libres',
    quote: 'sur devis',
    direct: 'direct',
    via: 'via',
    check: 'Trajet {id} du {date} : {free} place(s) libre(s) sur le tronçon le plus chargé.',
    copied: 'Copié.',
    failed: 'Échec : ',
  },
  en: {
    title: 'motoroute desk',
    from: 'From',
    to: 'To',
    date: 'Date',
    search: 'Search',
    trips: "The day's trips",
    booking: 'Booking request',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    motorcycles: 'Motorcycles',
    riders: 'Riders',
    formula: 'Formula',
    rider: 'Motorcycle with rider',
    motoOnly: 'Motorcycle only',
    compose: 'Compose the e-mail',
    preview: 'E-mail preview',
    subject: 'Subject',
    download: 'Download the draft (.eml)',
    copyBody: 'Copy the text',
    copySubject: 'Copy the subject',
    mailto: 'Open in the mail program',
    switch: 'Français',
    searching: 'Searching…',
    none: 'No trip that day.',
    found: '{n} trip(s).',
    free: 'free places',
    quote: 'on quote',
    direct: 'direct',
    via: 'via',
    check: 'Trip {id} on {date}: {free} free place(s) on its fullest leg.',
    copied: 'Copied.',
    failed: 'Failed: ',
  },
};

let lang: Lang = 'fr';
let csrf = '';
let chosen: PageTrip | undefined;

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element as T;
};
const say = (key: string, values: Record<string, string | number> = {}): string =>
  (TEXTS[lang][key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

function applyLang(): void {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]'))
    element.textContent = say(element.dataset.text ?? '');
  const toggle = $('lang-switch');
  toggle.textContent = say('switch');
  toggle.lang = lang === 'fr' ? 'en' : 'fr';
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-desk-csrf': csrf },
  });
}

function tripLine(trip: PageTrip): string {
  const free = Math.min(...trip.slots);
  const price = trip.price_min === null ? say('quote') : `${trip.price_min} €`;
  const stops = trip.layovers.length > 0 ? `${say('via')} ${trip.layovers.join(', ')}` : say('direct');
  return `${trip.times[0] ?? ''} ${trip.depart} → ${trip.arrival} (${stops}) · ${free} ${say('free')} · ${price}`;
}

async function search(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const query = new URLSearchParams({
    from: $<HTMLInputElement>('from').value,
    to: $<HTMLInputElement>('to').value,
    date: $<HTMLInputElement>('date').value,
  });
  $('status').textContent = say('searching');
  const answer = await api(`/api/trips?${query}`);
  const json = (await answer.json()) as { trips?: PageTrip[]; reasons?: string[] };
  const list = $('trips');
  list.replaceChildren();
  if (!answer.ok || json.trips === undefined) {
    $('status').textContent = say('failed') + (json.reasons ?? []).join(' ');
    return;
  }
  $('status').textContent = json.trips.length === 0 ? say('none') : say('found', { n: json.trips.length });
  for (const trip of json.trips) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = tripLine(trip);
    button.addEventListener('click', () => choose(trip));
    item.append(button);
    list.append(item);
  }
  $('trips-section').hidden = false;
}

function choose(trip: PageTrip): void {
  chosen = trip;
  $('trip-check').textContent = say('check', { id: trip.id, date: trip.date, free: Math.min(...trip.slots) });
  $('refusal').replaceChildren();
  $('preview-section').hidden = true;
  $('booking-section').hidden = false;
  $<HTMLInputElement>('name').focus();
}

function bookingForm(): Record<string, unknown> {
  const value = (id: string) => $<HTMLInputElement>(id).value;
  return {
    routeId: chosen?.id,
    lang,
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    motorcycles: Number(value('motorcycles')),
    riders: Number(value('riders')),
    formula: $<HTMLSelectElement>('formula').value,
  };
}

async function compose(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const answer = await api('/api/draft', { method: 'POST', body: JSON.stringify(bookingForm()) });
  const json = (await answer.json()) as { subject?: string; body?: string; mailto?: string | null; reasons?: string[] };
  const refusal = $('refusal');
  refusal.replaceChildren();
  if (!answer.ok) {
    for (const reason of json.reasons ?? [String(answer.status)]) {
      const item = document.createElement('li');
      item.textContent = reason;
      refusal.append(item);
    }
    $('preview-section').hidden = true;
    return;
  }
  $('subject').textContent = json.subject ?? '';
  $('body').textContent = json.body ?? '';
  const mailto = $<HTMLAnchorElement>('mailto');
  mailto.hidden = !json.mailto;
  if (json.mailto) mailto.href = json.mailto;
  $('preview-section').hidden = false;
}

async function download(): Promise<void> {
  const answer = await api('/api/draft.eml', { method: 'POST', body: JSON.stringify(bookingForm()) });
  if (!answer.ok) {
    $('status').textContent = say('failed') + answer.status;
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await answer.blob());
  link.download = 'brouillon.eml';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

async function copy(id: string): Promise<void> {
  await navigator.clipboard.writeText($(id).textContent ?? '');
  $('status').textContent = say('copied');
}

async function start(): Promise<void> {
  applyLang();
  $<HTMLInputElement>('date').value = new Date().toISOString().slice(0, 10);
  csrf = ((await (await fetch('/api/session')).json()) as { csrf: string }).csrf;
  $('search').addEventListener('submit', (event) => void search(event));
  $('booking').addEventListener('submit', (event) => void compose(event));
  $('lang-switch').addEventListener('click', () => {
    lang = lang === 'fr' ? 'en' : 'fr';
    applyLang();
  });
  $('download').addEventListener('click', () => void download());
  $('copy-body').addEventListener('click', () => void copy('body'));
  $('copy-subject').addEventListener('click', () => void copy('subject'));
  const cities = ((await (await api('/api/cities')).json()) as { cities: string[] }).cities;
  $('cities').replaceChildren(
    ...cities.map((city) => {
      const option = document.createElement('option');
      option.value = city;
      return option;
    }),
  );
}

void start();
