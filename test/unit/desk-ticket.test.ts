import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { dayReport } from '../../src/desk/day-report.js';
import { buildBookingOutput } from '../../src/booking/request-output.js';
import { bookingTicket } from '../../src/booking/ticket.js';

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

describe('the ticket summary of a request, one for book --format markdown and the desk page', () => {
  const destinations = {
    to: 'devis@exemple.fr',
    bookingUrl: 'https://symone.fr/moto',
    quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
  };

  it('says a quote in French, the customer titled and the reference given, typed Markdown signs as typed', () => {
    const output = buildBookingOutput(quote, 'fr', destinations, { civility: 'M.', reference: 'D-[1]' });
    const lines = bookingTicket(output, 'fr').split('\n');
    expect(lines.slice(0, 2)).toEqual(['### Devis transport moto\u00a0: Nîmes \u2192 Orléans', '']);
    expect(lines).toContain('- **Trajet**\u00a0: devis (pas de trajet programmé)');
    expect(lines).toContain("- **Contact**\u00a0: M.\u00a0Seán O'Neill \\*VIP\\*, 06 12 34 56 78");
    expect(lines).toContain('- **Référence**\u00a0: D-\\[1\\]');
    expect(lines).toContain(`- **Objet**\u00a0: ${output.email.subject.replace(/[[\]*]/g, (mark) => `\\${mark}`)}`);
    expect(lines).toContain('- **Envoyée à**\u00a0: devis@exemple.fr');
    expect(lines.some((line) => line.startsWith('- **Tarif affiché**'))).toBe(false);
  });

  it('says a booking in English with its trip, return date and listed price, neutral without a civility', () => {
    const booking: BookingRequest = {
      ...quote,
      scheduled: true,
      routeId: '100042',
      formula: 'rider',
      motorcycles: 1,
      returnDate: '2026-12-19',
      priceMin: 299,
      priceMax: 399,
      name: 'Jeanne Dupont',
      phone: undefined,
      email: 'jeanne@example.fr',
    };
    const lines = bookingTicket(buildBookingOutput(booking, 'en', destinations), 'en').split('\n');
    expect(lines[0]).toBe('### Motorcycle transport booking: Nîmes \u2192 Orléans');
    expect(lines).toContain('- **Trip**: scheduled trip 100042');
    expect(lines).toContain('- **Return**: Saturday 19 December 2026');
    expect(lines).toContain('- **Listed price**: €299 to €399');
    expect(lines).toContain('- **Contact**: Jeanne Dupont, jeanne@example.fr');
    expect(lines.some((line) => line.startsWith('- **Reference**'))).toBe(false);
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
