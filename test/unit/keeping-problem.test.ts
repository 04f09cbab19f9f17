import { describe, expect, it } from 'vitest';
import { integer, keepingProblem, valueOrProblem } from '../../src/commands/options.js';

const at = { now: new Date('2026-11-28T08:00:00Z'), lang: 'en' as const };
const riders = keepingProblem(integer('--riders <n>', 'number of riders', { min: 0, max: 9 }));

describe('keepingProblem', () => {
  it('reads a good value as its kind does', () => {
    expect(riders.parse(['3'], at)).toEqual({ ok: true, value: 3 });
    expect(riders.parse(undefined, at)).toEqual({ ok: true, value: undefined });
  });

  it('keeps a bad value as its problem instead of throwing, and leaves the kind and help as they were', () => {
    const read = riders.parse(['12'], at);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.problem).toMatch(/^--riders/);
    expect(riders.kind).toBe('integer');
    expect(riders.flags).toBe('--riders <n>');
  });
});

describe('valueOrProblem', () => {
  it('gives the value, or undefined with the problem listed', () => {
    const problems: string[] = [];
    expect(valueOrProblem(riders.parse(['2'], at), problems)).toBe(2);
    expect(valueOrProblem(riders.parse(['-1'], at), problems)).toBeUndefined();
    expect(valueOrProblem(riders.parse(['x'], at), problems)).toBeUndefined();
    expect(problems).toHaveLength(2);
  });
});
