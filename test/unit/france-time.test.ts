import { describe, expect, it } from 'vitest';
import { franceMoment } from '../../src/domain/france-time.js';

const paris = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function byIcu(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(paris.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe('franceMoment', () => {
  it('agrees with ICU every 37 minutes over 2024-2030, summer-time switches included', () => {
    const start = Date.UTC(2024, 0, 1);
    const end = Date.UTC(2031, 0, 1);
    let checked = 0;
    for (let t = start; t < end; t += 37 * 60_000) {
      const instant = new Date(t);
      expect(franceMoment(instant), instant.toISOString()).toEqual(byIcu(instant));
      checked++;
    }
    expect(checked).toBeGreaterThan(99_000);
  });

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(franceMoment(new Date('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(franceMoment(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '03:00' });
    expect(franceMoment(new Date('2026-10-25T00:59:00Z'))).toEqual({ date: '2026-10-25', time: '02:59' });
    expect(franceMoment(new Date('2026-10-25T01:00:00Z'))).toEqual({ date: '2026-10-25', time: '02:00' });
  });

  it('gives France its own day when the host is a day ahead or behind', () => {
    // 10:30 UTC is already 00:30 the next day in Kiritimati (UTC+14), and still the day before in Pago Pago (UTC-11).
    expect(franceMoment(new Date('2026-12-10T10:30:00Z'))).toEqual({ date: '2026-12-10', time: '11:30' });
    expect(franceMoment(new Date('2026-12-10T23:30:00Z'))).toEqual({ date: '2026-12-11', time: '00:30' });
  });
});
