import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { dayReport } from '../../src/desk/day-report.js';
import { ticketBlock } from '../../src/desk/ticket.js';

const quote: BookingRequest = {
  from: 'Nîmes',
  to: 'Orléans',
  date: '2026-12-07',
  formula: 'moto-only',
  motorcycles: 2,
  name: "Seán O'Neill *VIP*",
  phone: '06 12 34 56 78',
  scheduled: false,
};

describe('the ticket block of a request', () => {
  it('says a quote in French, without a trip or a price, and shows typed Markdown signs as typed', () => {
    expect(ticketBlock(quote, 'Demande de devis', 'devis@exemple.fr', 'fr').split('\n')).toEqual([
      '**Devis\u00a0: Nîmes \u2192 Orléans, lundi 7 décembre 2026**',
      '- 2 motos, moto seule',
      "- Client\u00a0: Seán O'Neill \\*VIP\\*, 06 12 34 56 78",
      '- Objet\u00a0: Demande de devis',
      '- Envoyée à\u00a0: devis@exemple.fr',
      '',
    ]);
  });

  it('says a booking in English with its trip, return date and listed price, on one line an item', () => {
    const booking: BookingRequest = {
      ...quote,
      scheduled: true,
      routeId: '100042',
      formula: 'rider',
      motorcycles: 1,
      returnDate: '2026-12-19',
      priceMin: 299,
      priceMax: 399,
      name: 'Jeanne\nDupont',
      phone: undefined,
      email: 'jeanne@example.fr',
    };
    expect(ticketBlock(booking, 'Booking request', 'book@example.com', 'en').split('\n')).toEqual([
      '**Booking: Nîmes \u2192 Orléans, Monday 7 December 2026**',
      '- Trip: 100042',
      '- 1 motorcycle, motorcycle with rider',
      '- Back on Saturday 19 December 2026',
      '- Listed price: €299 to €399',
      '- Customer: Jeanne Dupont, jeanne@example.fr',
      '- Subject: Booking request',
      '- Sent to: book@example.com',
      '',
    ]);
  });
});

describe("the report of a day's file", () => {
  it('gives a heading, then one line a row (its draft, or why it was refused) and its notes', () => {
    const day = {
      source: 'jour.csv',
      notes: ['jour.csv: the column "Agent" is not read.'],
      rows: [
        {
          line: 2,
          status: 'drafted' as const,
          file: 'a.eml',
          summary: '',
          subject: '',
          notes: ['phone mended'],
          check: false,
        },
        { line: 3, status: 'refused' as const, reasons: ['from and to are the same city.'], notes: [] },
      ],
    };
    expect(dayReport(day, 'fr').split('\r\n')).toEqual([
      'jour.csv\u00a0: 1 brouillon, 1 demande refusée (2 lignes).',
      '',
      'jour.csv: the column "Agent" is not read.',
      '',
      'ligne 2\u00a0: brouillon a.eml',
      '  note\u00a0: phone mended',
      'ligne 3\u00a0: refusée \u2014 from and to are the same city.',
      '',
    ]);
    expect(dayReport(day, 'en')).toMatch(/^jour\.csv: 1 draft, 1 request refused \(2 rows\)\.\r\n/);
    const checked = { ...day, rows: day.rows.map((row) => (row.status === 'drafted' ? { ...row, check: true } : row)) };
    expect(dayReport(checked, 'fr')).toContain('ligne 2\u00a0: brouillon a.eml (à vérifier)\r\n');
    expect(dayReport(checked, 'en')).toContain('line 2: draft a.eml (to check)\r\n');
  });
});
