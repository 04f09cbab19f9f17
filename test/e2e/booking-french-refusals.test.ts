import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { draftBooking } from '../../src/core/booking/draft-booking.js';
import { clockFromEnvironment } from '../../src/core/clock.js';
import { Core } from '../../src/core/core.js';
import { addDays } from '../../src/domain/dates.js';
import { useService } from '../helpers/service.js';

// Item 5 of the desk's-day issue: a French session reads the use case's refusals in French, whatever the face.

const DAY = '2026-12-10';
const service = useService({ routes: 200, today: DAY, seed: 11 });
const destinations = {
  to: 'reservation@symone.fr',
  bookingUrl: 'https://symone.fr/moto',
  quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
};

function core(): Core {
  const client = new RouteClient({ baseUrl: service.base });
  return new Core({ client: async () => client, clock: clockFromEnvironment({ MOTOROUTE_NOW: `${DAY}T10:30:00Z` }) });
}

describe('the booking use case in a French session', () => {
  it('refuses a full trip, a trip that left, bad values and missing fields in French', async () => {
    const data = service.server.data;
    const full = data.addTrip({
      depart: 'Lille',
      arrival: 'Marseille',
      layovers: ['Paris'],
      date: addDays(DAY, 3),
      times: ['06:30', '09:05', '17:15'],
      slots: [1, 3],
    }).id;
    const left = data.addTrip({ depart: 'Paris', arrival: 'Lyon', date: DAY, time: '08:00', slots: [3] }).id;
    const settings = { destinations, fieldName: (field: string) => field };
    const draft = (routeId: string | undefined, fields: Record<string, unknown>) =>
      draftBooking({ ...(routeId ? { routeId } : {}), fields, lang: 'fr', messagesLang: 'fr' }, settings, {
        core: core(),
      });

    const tooMany = await draft(full, { formula: 'rider', motorcycles: 2 });
    expect(tooMany.ok || tooMany.refusal.reasons).toEqual([
      `Le trajet ${full} n\u2019a qu\u2019une place moto libre sur son tronçon le plus chargé, pour 2 motos demandées.`,
    ]);
    const gone = await draft(left, { formula: 'rider' });
    expect(gone.ok || gone.refusal.reasons).toEqual([
      `Le trajet ${left} est parti aujourd\u2019hui à 8\u00a0h (il est 11\u00a0h\u00a030 en France).`,
    ]);
    const bad = await draft(undefined, { from: 'Paris', to: 'Paris', date: '2026-12-01', formula: 'rider' });
    expect(bad.ok || bad.refusal.reasons).toEqual([
      'from et to sont tous deux «\u202fParis\u202f»\u202f; le départ et l\u2019arrivée doivent être des villes différentes.',
      'date 01/12/2026 est passée (nous sommes le 10/12/2026)\u202f; choisissez aujourd\u2019hui ou une date à venir.',
    ]);
    const missing = await draft(undefined, { from: 'Paris' });
    expect(missing.ok || missing.refusal.reasons).toEqual(['Champs obligatoires manquants\u00a0: to, date, formula.']);
    const unknown = await draft('999999', { formula: 'rider' });
    expect(unknown.ok || unknown.refusal.reasons).toEqual([
      'Aucun trajet à venir n\u2019a l\u2019identifiant «\u202f999999\u202f» (le service ne liste ni les trajets passés ni les trajets complets).',
    ]);
  });

  it('keeps English for a face that does not say its language', async () => {
    const result = await draftBooking(
      { fields: { from: 'Paris' }, lang: 'fr' },
      { destinations, fieldName: (field) => field },
      { core: core() },
    );
    expect(result.ok || result.refusal.reasons).toEqual(['Required booking fields are missing: to, date, formula.']);
  });
});
