import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, truncateMiddle } from '../../src/output/text-width.js';

describe('truncateMiddle', () => {
  it('keeps both ends of a route', () => {
    expect(truncateMiddle('    … ', 5)).toBe('  …… ');
    expect(truncateMiddle('Paris → Lyon → Valence → Marseille', 24)).toBe('Paris → Lyon…→ Marseille');
    expect(truncateMiddle('Paris → Marseille', 24)).toBe('Paris → Marseille');
  });

  it('never exceeds the width, and keeps a prefix and a suffix of the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 2, max: 50 }), (text, width) => {
        const cut = truncateMiddle(text, width);
        expect(displayWidth(cut)).toBeLessThanOrEqual(
          Math.max(width, displayWidth(text) <= width ? displayWidth(text) : 0),
        );
        if (cut === text) return;
        // The text may hold an ellipsis of its own (`    … ` cut to 5 is `  …… `): one of the cut's ellipses is the
        // one it put, with a prefix of the text before it and a suffix after.
        const cuts = [...cut.matchAll(/…/g)].map(({ index }) => [cut.slice(0, index), cut.slice(index + 1)]);
        expect(cuts.some(([head = '', tail = '']) => text.startsWith(head) && text.endsWith(tail))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
