import { describe, expect, it } from 'vitest';
import { CharsetError, declaredCharset, decodeText, utf8Chunks } from '../../src/client/charset.js';

async function collect(chunks: Buffer[], contentType?: string): Promise<string> {
  async function* source() {
    yield* chunks;
  }
  const out: Uint8Array[] = [];
  for await (const chunk of utf8Chunks(source(), contentType)) out.push(chunk);
  return Buffer.concat(out).toString('utf8');
}

describe('charsets', () => {
  it('reads the charset of a Content-Type, UTF-8 when none', () => {
    expect(declaredCharset('application/json')).toBe('utf-8');
    expect(declaredCharset('application/json; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(declaredCharset(['text/plain;charset=utf-16', 'x'])).toBe('utf-16');
  });

  it('reads Latin-1 labels as Windows-1252, every high byte as WHATWG maps it', () => {
    expect(decodeText(Buffer.from([0x80, 0x9c, 0xe7, 0x81, 0x9f]), 'application/json; charset=iso-8859-1')).toBe(
      '€œç\x81Ÿ',
    );
    expect(decodeText(Buffer.from([0x8c, 0x99]), 'application/json; charset=windows-1252')).toBe('Œ™');
  });

  it('refuses bytes that are not UTF-8 instead of writing U+FFFD', () => {
    expect(() => decodeText(Buffer.from([0x42, 0xe7, 0x6f]), undefined)).toThrow(CharsetError);
    expect(decodeText(Buffer.from('\ufeff{"a":"ç"}', 'utf8'), undefined)).toBe('{"a":"ç"}');
  });

  it('passes UTF-8 through in chunks cut anywhere, a character across two chunks included', async () => {
    const bytes = Buffer.from('Besançon → 🏍 Nice', 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await collect([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe('Besançon → 🏍 Nice');
    }
  });

  it('fails a stream with an invalid byte, or one that ends inside a character', async () => {
    await expect(collect([Buffer.from('ab'), Buffer.from([0xff])])).rejects.toThrow(CharsetError);
    await expect(collect([Buffer.from([0x61, 0xc3])])).rejects.toThrow(/not valid UTF-8/);
  });

  it('turns UTF-16 (either order, by its BOM) and Windows-1252 streams into UTF-8', async () => {
    const text = 'Saint-Étienne → Orléans';
    const le = Buffer.from(`\ufeff${text}`, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(await collect([le.subarray(0, 5), le.subarray(5)], 'application/json; charset=utf-16')).toBe(text);
    expect(await collect([be.subarray(0, 7), be.subarray(7)], 'application/json; charset=utf-16')).toBe(text);
    expect(
      await collect([Buffer.from([0x43, 0x9c]), Buffer.from([0x75, 0x72])], 'application/json; charset=latin1'),
    ).toBe('Cœur');
  });
});
