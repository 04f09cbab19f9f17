// The desk's page: it only calls the desk's own API, which calls the core.

import type { Trip } from '../../domain/types.js';
import type { DayRowView } from '../day-report.js';

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
    civility: 'Civilité',
    civilityNone: '—',
    mme: 'Mme',
    m: 'M.',
    reference: 'Référence client',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    motorcycles: 'Motos',
    riders: 'Pilotes',
    formula: 'Formule',
    rider: 'Moto avec pilote',
    motoOnly: 'Moto seule',
    compose: 'Rédiger l\u2019e-mail',
    preview: 'Aperçu de l\u2019e-mail',
    subject: 'Objet\u00a0:',
    download: 'Télécharger le brouillon (.eml)',
    copyBody: 'Copier le texte',
    copySubject: 'Copier l\u2019objet',
    copyTicket: 'Copier pour le ticket',
    mailto: 'Ouvrir dans la messagerie',
    switch: 'English',
    searching: 'Recherche…',
    none: 'Aucun trajet ce jour-là.',
    found: '{n} trajet(s).',
    free: 'places libres',
    free1: 'place libre',
    shownDate: '{d}/{m}/{y}',
    quote: 'sur devis',
    direct: 'direct',
    via: 'via',
    check: 'Trajet {id} du {date}\u00a0: {free} places libres sur le tronçon le plus chargé.',
    check1: 'Trajet {id} du {date}\u00a0: 1 place libre sur le tronçon le plus chargé.',
    copied: 'Copié.',
    failed: 'Échec\u00a0: ',
    day: 'Fichier du jour',
    dayFile: 'Fichier de demandes (.xlsx, .ods, .csv)',
    dayHint: 'Déposez le fichier ici, ou choisissez-le.',
    reading: 'Lecture et rédaction…',
    dayRead: '{source}\u00a0: {drafted} brouillon(s), {refused} refusée(s).',
    dayCaption: 'Demandes du fichier {source}',
    line: 'Ligne',
    state: 'État',
    detail: 'Demande ou motif',
    drafted: 'Brouillon prêt',
    toCheck: 'Brouillon à vérifier',
    refused: 'Refusée',
    zip: 'Tout télécharger (.zip)',
    sent: 'Envoyé',
  },
  en: {
    title: 'motoroute desk',
    from: 'From',
    to: 'To',
    date: 'Date',
    search: 'Search',
    trips: "The day's trips",
    booking: 'Booking request',
    civility: 'Title',
    civilityNone: '—',
    mme: 'Ms',
    m: 'Mr',
    reference: 'Customer reference',
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
    subject: 'Subject:',
    download: 'Download the draft (.eml)',
    copyBody: 'Copy the text',
    copySubject: 'Copy the subject',
    copyTicket: 'Copy for the ticket',
    mailto: 'Open in the mail program',
    switch: 'Français',
    searching: 'Searching…',
    none: 'No trip that day.',
    found: '{n} trip(s).',
    free: 'free places',
    free1: 'free place',
    shownDate: '{y}-{m}-{d}',
    quote: 'on quote',
    direct: 'direct',
    via: 'via',
    check: 'Trip {id} on {date}: {free} free places on its fullest leg.',
    check1: 'Trip {id} on {date}: 1 free place on its fullest leg.',
    copied: 'Copied.',
    failed: 'Failed: ',
    day: "The day's file",
    dayFile: 'File of requests (.xlsx, .ods, .csv)',
    dayHint: 'Drop the file here, or choose it.',
    reading: 'Reading and drafting…',
    dayRead: '{source}: {drafted} draft(s), {refused} refused.',
    dayCaption: 'Requests of the file {source}',
    line: 'Line',
    state: 'Status',
    detail: 'Request or reason',
    drafted: 'Draft ready',
    toCheck: 'Draft to check',
    refused: 'Refused',
    zip: 'Download all (.zip)',
    sent: 'Sent',
  },
};

let lang: Lang = 'fr';
// The session's CSRF token, read once at start; a request that changes anything waits for it.
let session: Promise<string> = Promise.resolve('');
let chosen: PageTrip | undefined;
let dayFile: File | undefined;
let ticket = '';
let dayAnswer: DayAnswer | undefined;

/** A day's file as the desk's API reads it: every row with its status. */
interface DayAnswer {
  source: string;
  notes: string[];
  drafted: number;
  refused: number;
  rows: DayRowView[];
}

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
  if (dayAnswer) showDay(dayAnswer);
}

async function api(path: string, init: RequestInit = {}, type = 'application/json'): Promise<Response> {
  const csrf = init.method === undefined || init.method === 'GET' ? '' : await session;
  return fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: { 'content-type': type, 'x-desk-csrf': csrf },
  });
}

function dayQuery(file: File): string {
  return new URLSearchParams({ name: file.name, lang }).toString();
}

async function readDay(file: File): Promise<void> {
  dayFile = file;
  dayAnswer = undefined;
  $('day-section').hidden = true;
  $('status').textContent = say('reading');
  const answer = await api(`/api/day?${dayQuery(file)}`, { method: 'POST', body: file }, 'application/octet-stream');
  const json = (await answer.json()) as Partial<DayAnswer> & { reasons?: string[] };
  if (!answer.ok || json.rows === undefined) {
    $('status').textContent = say('failed') + (json.reasons ?? [String(answer.status)]).join(' ');
    return;
  }
  dayAnswer = json as DayAnswer;
  showDay(dayAnswer);
  $('day-section').hidden = false;
}

function showDay(day: DayAnswer): void {
  const counts = { source: day.source, drafted: day.drafted, refused: day.refused };
  $('status').textContent = say('dayRead', counts);
  $('day-caption').textContent = say('dayCaption', counts);
  $('day-rows').replaceChildren(
    ...day.rows.map((row) => {
      const tr = document.createElement('tr');
      tr.className = row.status;
      const line = document.createElement('th');
      line.scope = 'row';
      line.textContent = String(row.line);
      const state = document.createElement('td');
      state.textContent = say(row.status === 'drafted' && row.check ? 'toCheck' : row.status);
      if (row.status === 'drafted') state.append(' ', sentBox(day.source, row.file));
      const detail = document.createElement('td');
      const text = row.status === 'drafted' ? `${row.summary} — ${row.subject}` : row.reasons.join(' ');
      detail.append(
        text,
        ...row.notes.map((note) => Object.assign(document.createElement('small'), { textContent: note })),
      );
      tr.append(line, state, detail);
      return tr;
    }),
  );
  $<HTMLButtonElement>('day-zip').disabled = day.drafted === 0;
}

// Drafts marked as sent, kept by this browser for this desk's address: a file dropped again shows them.
const SENT_KEY = 'motoroute-desk-sent';

function sentDrafts(): Set<string> {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(SENT_KEY) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The "sent" box of a drafted row, its label visible beside it. */
function sentBox(source: string, file: string): HTMLLabelElement {
  const key = `${source}/${file}`;
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = sentDrafts().has(key);
  box.addEventListener('change', () => {
    const sent = sentDrafts();
    if (box.checked) sent.add(key);
    else sent.delete(key);
    localStorage.setItem(SENT_KEY, JSON.stringify([...sent]));
  });
  const label = document.createElement('label');
  label.append(box, ` ${say('sent')}`);
  return label;
}

async function downloadDay(): Promise<void> {
  if (!dayFile) return;
  const answer = await api(
    `/api/day.zip?${dayQuery(dayFile)}`,
    { method: 'POST', body: dayFile },
    'application/octet-stream',
  );
  if (!answer.ok) {
    $('status').textContent = say('failed') + answer.status;
    return;
  }
  const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? 'brouillons.zip';
  save(await answer.blob(), name);
}

function save(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

function tripLine(trip: PageTrip): string {
  const free = Math.min(...trip.slots);
  const price = trip.price_min === null ? say('quote') : `${trip.price_min} €`;
  const stops = trip.layovers.length > 0 ? `${say('via')} ${trip.layovers.join(', ')}` : say('direct');
  return `${trip.times[0] ?? ''} ${trip.depart} → ${trip.arrival} (${stops}) · ${free} ${say(free === 1 ? 'free1' : 'free')} · ${price}`;
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
  const free = Math.min(...trip.slots);
  const [y, m, d] = trip.date.split('-');
  const date = say('shownDate', { y: y ?? '', m: m ?? '', d: d ?? '' });
  $('trip-check').textContent = say(free === 1 ? 'check1' : 'check', { id: trip.id, date, free });
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
    civility: $<HTMLSelectElement>('civility').value,
    name: value('name'),
    reference: value('reference'),
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
  const json = (await answer.json()) as {
    subject?: string;
    body?: string;
    mailto?: string | null;
    ticket?: string;
    reasons?: string[];
  };
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
  ticket = json.ticket ?? '';
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
  save(await answer.blob(), 'brouillon.eml');
}

async function copy(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
  $('status').textContent = say('copied');
}

async function start(): Promise<void> {
  applyLang();
  $<HTMLInputElement>('date').value = new Date().toISOString().slice(0, 10);
  // The session and the served cities are read side by side; the forms answer at once, without waiting for either.
  session = fetch('/api/session')
    .then((answer) => answer.json())
    .then((json) => (json as { csrf: string }).csrf);
  const cities = api('/api/cities');
  $('search').addEventListener('submit', (event) => void search(event));
  $('booking').addEventListener('submit', (event) => void compose(event));
  $('lang-switch').addEventListener('click', () => {
    lang = lang === 'fr' ? 'en' : 'fr';
    applyLang();
  });
  $('download').addEventListener('click', () => void download());
  $('copy-body').addEventListener('click', () => void copy($('body').textContent ?? ''));
  $('copy-subject').addEventListener('click', () => void copy($('subject').textContent ?? ''));
  $('copy-ticket').addEventListener('click', () => void copy(ticket));
  const picker = $<HTMLInputElement>('day-file');
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    if (file) void readDay(file);
    // The same file chosen again (saved again after a fix) is read again.
    picker.value = '';
  });
  const drop = $('day-drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    const file = event.dataTransfer?.files[0];
    if (file) void readDay(file);
  });
  $('day-zip').addEventListener('click', () => void downloadDay());
  // What the benchmark waits for: the search form answers from here on.
  document.documentElement.dataset.ready = 'true';
  const served = ((await (await cities).json()) as { cities: string[] }).cities;
  $('cities').replaceChildren(
    ...served.map((city) => {
      const option = document.createElement('option');
      option.value = city;
      return option;
    }),
  );
}

void start();
