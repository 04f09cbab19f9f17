import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeBookingEmail } from '../../src/booking/compose.js';
import { buildMailtoUri, encodeMailtoValue, parseMailtoUri } from '../../src/booking/mailto.js';
import { UsageError } from '../../src/errors.js';

const to = 'reservation@symone.fr';
const nasty = "a&b=c?d#e%f+g h/é 🏍️ 100% ;,:@!'()*~";

describe('buildMailtoUri', () => {
  it('writes the address with a bare @ and every value percent-encoded', () => {
    expect(buildMailtoUri(to, 'Paris → Nice', 'Bonjour,\nà bientôt')).toBe(
      'mailto:reservation@symone.fr?subject=Paris%20%E2%86%92%20Nice&body=Bonjour%2C%0D%0A%C3%A0%20bient%C3%B4t',
    );
  });

  it('turns every kind of line break of the body into %0D%0A', () => {
    expect(buildMailtoUri(to, 's', 'a\nb\r\nc\rd')).toBe(
      'mailto:reservation@symone.fr?subject=s&body=a%0D%0Ab%0D%0Ac%0D%0Ad',
    );
  });

  it('puts a subject on one line', () => {
    expect(parseMailtoUri(buildMailtoUri(to, 'one\r\ntwo\nthree', 'b')).subject).toBe('one two three');
  });

  it('lets no reserved character leak out of a field', () => {
    const uri = buildMailtoUri(to, nasty, nasty);
    const query = uri.slice(uri.indexOf('?') + 1);
    expect(uri.split('?')).toHaveLength(2);
    expect(query.split('&')).toHaveLength(2);
    expect(uri).not.toContain('#');
    expect(query).not.toMatch(/[!'()*+ ]/);
    expect(query.replace(/%[0-9A-F]{2}/g, '')).not.toContain('%');
  });

  it('leaves out empty fields', () => {
    expect(buildMailtoUri(to, '', '')).toBe('mailto:reservation@symone.fr');
    expect(buildMailtoUri(to, '', 'x')).toBe('mailto:reservation@symone.fr?body=x');
  });

  it('encodes reserved characters of the address but not its @', () => {
    expect(buildMailtoUri('a+b%c@example.fr', '', '')).toBe('mailto:a%2Bb%25c@example.fr');
  });

  it('refuses an address that could carry headers', () => {
    expect(() => buildMailtoUri('reservation@symone.fr?bcc=x@y', 's', 'b')).toThrow(UsageError);
    expect(() => buildMailtoUri('reservation@symone.fr\r\nBcc: x@y', 's', 'b')).toThrow(UsageError);
  });

  it('writes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(parseMailtoUri(buildMailtoUri(to, 'a\uD83Db', 'c\uDC00')).subject).toBe('a\uFFFDb');
    expect(encodeMailtoValue('\uDC00')).toBe('%EF%BF%BD');
  });

  it('encodes strictly: nothing but unreserved characters stays bare', () => {
    expect(encodeMailtoValue("!'()*-._~")).toBe('%21%27%28%29%2A-._~');
  });
});

describe('parseMailtoUri round trip', () => {
  it('gives back exactly the subject and body, read with parseMailtoUri and with URL itself', () => {
    const subject = `Sujet ${nasty}`;
    const body = `Ligne 1 ${nasty}\nLigne 2\n\n- fin & = ? # %`;
    const uri = buildMailtoUri(to, subject, body);
    expect(parseMailtoUri(uri)).toEqual({ to, subject, body });
    const url = new URL(uri);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(to);
    expect(url.hash).toBe('');
    expect(url.searchParams.get('subject')).toBe(subject);
    expect(url.searchParams.get('body')).toBe(body.replace(/\n/g, '\r\n'));
  });

  it('round-trips a composed booking e-mail', () => {
    const email = composeBookingEmail(
      {
        from: 'Saint-Étienne',
        to: 'Aix-en-Provence',
        date: '2026-12-01',
        formula: 'moto-only',
        motorcycles: 1,
        scheduled: false,
        comment: 'Prix ? 50% & +1 #urgent 🏍️',
      },
      { lang: 'fr', to },
    );
    const { to: address, subject, body } = email;
    expect(parseMailtoUri(buildMailtoUri(address, subject, body))).toEqual({ to: address, subject, body });
    // A desk's request copies the customer: the link carries the cc too.
    expect(parseMailtoUri(buildMailtoUri(address, subject, body, 'camille@exemple.fr')).cc).toBe('camille@exemple.fr');
  });

  it('reads a + as a plus and understands a to= field', () => {
    expect(parseMailtoUri('mailto:a@b.fr?subject=1+1&to=c@d.fr')).toEqual({
      to: 'a@b.fr,c@d.fr',
      subject: '1+1',
      body: '',
    });
  });

  it('refuses what is not a mailto: URI', () => {
    expect(() => parseMailtoUri('https://symone.fr/moto')).toThrow(UsageError);
    expect(() => parseMailtoUri('not a uri')).toThrow(UsageError);
    expect(() => parseMailtoUri('mailto:a@b.fr?subject=%E2%86')).toThrow(/malformed percent-encoding/);
  });

  it('holds for any subject and body (property)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 60 });
    const withSpecials = fc
      .array(
        fc.oneof(text, fc.constantFrom('&', '?', '#', '%', '+', '=', '\n', '\r\n', '\r', '%0A', '%25', 'é', '🏍️', ' ')),
        {
          maxLength: 20,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(withSpecials, withSpecials, (subject, body) => {
        const uri = buildMailtoUri(to, subject, body);
        const parsed = parseMailtoUri(uri);
        expect(parsed.to).toBe(to);
        expect(parsed.subject).toBe(subject.replace(/\r\n|\r|\n/g, ' '));
        expect(parsed.body).toBe(body.replace(/\r\n|\r|\n/g, '\n'));
        expect(new URL(uri).hash).toBe('');
      }),
      { numRuns: 500 },
    );
  });
});
