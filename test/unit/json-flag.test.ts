import { describe, expect, it } from 'vitest';
import { jsonFieldsMisuse } from '../../src/cli/json-flag.js';

describe('jsonFieldsMisuse', () => {
  it.each([
    [['search', 'Paris', '--json', 'id,date'], 'id,date'],
    [['search', '--json', 'price_min'], 'price_min'],
    [['list', '--json=id'], 'id'],
  ])('points %j to --fields', (argv, fields) => {
    expect(jsonFieldsMisuse(argv)?.message).toBe(`--json takes no value; use --json --fields ${fields}`);
  });

  it.each([
    [['search', '--json', 'Paris', 'Marseille']],
    [['search', 'Paris', '--json']],
    [['api', '--', '--json', 'id,date']],
    [['near', '--json', 'Lyon']],
  ])('leaves %j alone', (argv) => {
    expect(jsonFieldsMisuse(argv)).toBeUndefined();
  });
});
