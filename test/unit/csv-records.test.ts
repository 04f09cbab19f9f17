import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../src/domain/csv-records.js';
import { UsageError } from '../../src/errors.js';

describe('csvRecords', () => {
  it('splits records on line breaks outside quotes, and names the line each starts on', () => {
    expect(csvRecords('from,to\nParis,Lyon\r\n\nNice,"Aix, en Provence"\n', 'f')).toEqual([
      { line: 1, fields: ['from', 'to'] },
      { line: 2, fields: ['Paris', 'Lyon'] },
      { line: 4, fields: ['Nice', 'Aix, en Provence'] },
    ]);
  });

  it('keeps line breaks and doubled quotes inside a quoted field, CRLF read as LF', () => {
    const text = 'from,comment,to\r\nParis,"first line\r\nsecond ""quoted"" line",Lyon\r\nNice,x,Gap';
    expect(csvRecords(text, 'f')).toEqual([
      { line: 1, fields: ['from', 'comment', 'to'] },
      { line: 2, fields: ['Paris', 'first line\nsecond "quoted" line', 'Lyon'] },
      { line: 4, fields: ['Nice', 'x', 'Gap'] },
    ]);
  });

  it('keeps a quote that does not open a field, skips an empty quoted record, and refuses a quote left open', () => {
    expect(csvRecords('a"b,c\n""\nd,e', 'f')).toEqual([
      { line: 1, fields: ['a"b', 'c'] },
      { line: 3, fields: ['d', 'e'] },
    ]);
    expect(() => csvRecords('a,b\nParis,"Lyon\n', 'requests.csv')).toThrow(UsageError);
    expect(() => csvRecords('a,b\nParis,"Lyon\n', 'requests.csv')).toThrow(
      'requests.csv line 2: a quoted value is not closed.',
    );
  });
});
