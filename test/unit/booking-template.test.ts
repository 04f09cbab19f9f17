import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { renderTemplate } from '../../src/booking/template.js';
import { templateView } from '../../src/booking/template-view.js';
import { UsageError } from '../../src/errors.js';

const request: BookingRequest = {
  from: 'Lille',
  to: 'Marseille',
  date: '2026-12-05',
  formula: 'rider',
  motorcycles: 2,
  motorcycleModels: ['Honda CB500F', 'Yamaha MT-07'],
  name: 'Jérôme Dupré',
  comment: 'Top case <cuir> & sacoches "neuves"',
  priceMin: 299,
  priceMax: 349,
  routeId: '100042',
  schedule: {
    departureTime: '06:30',
    stopovers: [{ city: 'Paris', time: '09:05' }],
    arrivalTime: '17:15',
    freePlaces: 3,
  },
  scheduled: true,
};
const formUrl = 'https://symone.fr/moto?depart=Lille&arrival=Marseille';

describe('templateView', () => {
  it('gives every documented field, worded in the e-mail’s language', () => {
    const view = templateView(request, { lang: 'fr', formUrl, signature: 'Agence\\nMotos' });
    expect(view).toMatchObject({
      booking: true,
      quote: false,
      long_date: 'samedi 5 décembre 2026',
      departure_time: '6\u00a0h\u00a030',
      arrival_time: '17\u00a0h\u00a015',
      stopovers: [{ city: 'Paris', time: '9\u00a0h\u00a005' }],
      free_places: 3,
      formula: 'moto avec pilote',
      motorcycle_models: [{ model: 'Honda CB500F' }, { model: 'Yamaha MT-07' }],
      riders: 2,
      round_trip: false,
      price: 'de 299\u00a0€ à 349\u00a0€ par moto', // one way: no « aller uniquement »
      email: '',
      greeting: 'Bonjour,',
      signature_lines: [{ line: 'Agence' }, { line: 'Motos' }],
      form_url: formUrl,
    });
  });
});

describe('renderTemplate', () => {
  it('renders plain text, escaping nothing, and lists the names no field fills', async () => {
    const template = [
      '{{greeting}}',
      '',
      'Trajet {{route_id}} du {{long_date}} à {{departure_time}}{{#stopovers}}, escale à {{city}} ({{time}}){{/stopovers}}.',
      '{{#motorcycle_models}}- {{model}}',
      '{{/motorcycle_models}}{{#email}}E-mail : {{email}}{{/email}}{{^email}}Pas d’e-mail.{{/email}}',
      'Commentaire : {{comment}} / {{{comment}}}',
      '{{nmae}}',
      '',
      '',
    ].join('\r\n');
    const { body, unknownFields } = await renderTemplate(template, templateView(request, { lang: 'fr', formUrl }));
    expect(body).toBe(
      [
        'Bonjour,',
        '',
        'Trajet 100042 du samedi 5 décembre 2026 à 6\u00a0h\u00a030, escale à Paris (9\u00a0h\u00a005).',
        '- Honda CB500F',
        '- Yamaha MT-07',
        'Pas d’e-mail.',
        'Commentaire : Top case <cuir> & sacoches "neuves" / Top case <cuir> & sacoches "neuves"',
      ].join('\n'),
    );
    expect(unknownFields).toEqual(['nmae']);
  });

  it('refuses a malformed template with a UsageError naming it', async () => {
    await expect(
      renderTemplate('{{#stopovers}} no end', templateView(request, { lang: 'en', formUrl }), '--template t.txt'),
    ).rejects.toThrow(UsageError);
    await expect(
      renderTemplate('{{#stopovers}}', templateView(request, { lang: 'en', formUrl }), '--template t.txt'),
    ).rejects.toThrow(/^--template t\.txt: Unclosed section/);
  });
});
