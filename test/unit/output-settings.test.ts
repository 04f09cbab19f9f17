import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { resolveOutputSettings, type OutputSettingsInput } from '../../src/output/settings.js';

const tty: Pick<OutputSettingsInput, 'stdout' | 'stderr'> = {
  stdout: { isTTY: true, columns: 120 },
  stderr: { isTTY: true },
};
const piped: Pick<OutputSettingsInput, 'stdout' | 'stderr'> = { stdout: { isTTY: false }, stderr: { isTTY: false } };

describe('resolveOutputSettings', () => {
  it('prints a coloured table fitted to the terminal on a TTY', () => {
    const settings = resolveOutputSettings({ env: {}, ...tty });
    expect(settings).toMatchObject({
      format: 'table',
      color: true,
      stderrColor: true,
      width: 120,
      showProgress: true,
      fields: undefined,
    });
  });

  it('prints plain TSV without colour or progress when piped', () => {
    const settings = resolveOutputSettings({ env: {}, ...piped });
    expect(settings).toMatchObject({
      format: 'tsv',
      color: false,
      colorLevel: 0,
      stderrColor: false,
      showProgress: false,
      width: 80,
    });
  });

  it('uses COLUMNS for the width when stdout is not a terminal', () => {
    expect(resolveOutputSettings({ env: { COLUMNS: '60' }, ...piped }).width).toBe(60);
  });

  it('decides colour per stream: piped stdout with a terminal stderr', () => {
    const settings = resolveOutputSettings({ env: {}, stdout: { isTTY: false }, stderr: { isTTY: true } });
    expect(settings.color).toBe(false);
    expect(settings.stderrColor).toBe(true);
    expect(settings.showProgress).toBe(true);
  });

  it('hides progress with --quiet', () => {
    expect(resolveOutputSettings({ env: {}, quiet: true, ...tty }).showProgress).toBe(false);
  });

  it('--json and --format pick the format, case-insensitively', () => {
    expect(resolveOutputSettings({ env: {}, json: true, ...tty }).format).toBe('json');
    expect(resolveOutputSettings({ env: {}, format: 'NDJSON', ...tty }).format).toBe('ndjson');
    expect(resolveOutputSettings({ env: {}, format: 'table', ...piped }).format).toBe('table');
    expect(resolveOutputSettings({ env: {}, format: 'json', json: true, ...piped }).format).toBe('json');
  });

  it('rejects an unknown format, naming the valid ones', () => {
    expect(() => resolveOutputSettings({ env: {}, format: 'xml', ...tty })).toThrow(UsageError);
    expect(() => resolveOutputSettings({ env: {}, format: 'xml', ...tty })).toThrow(/table, json, ndjson, csv, tsv/);
  });

  it('rejects --json together with a different --format', () => {
    expect(() => resolveOutputSettings({ env: {}, json: true, format: 'csv', ...tty })).toThrow(UsageError);
  });

  it('splits --fields, trimming and dropping duplicates', () => {
    expect(resolveOutputSettings({ env: {}, fields: ' date, price ,date', ...tty }).fields).toEqual(['date', 'price']);
    expect(resolveOutputSettings({ env: {}, fields: ['id', 'date,slots'], ...tty }).fields).toEqual([
      'id',
      'date',
      'slots',
    ]);
    expect(() => resolveOutputSettings({ env: {}, fields: ' , ', ...tty })).toThrow(UsageError);
  });

  describe('colour precedence: --no-color > NO_COLOR > FORCE_COLOR > TTY', () => {
    it('--no-color wins over FORCE_COLOR', () => {
      expect(resolveOutputSettings({ env: { FORCE_COLOR: '3' }, color: false, ...tty }).color).toBe(false);
    });
    it('color: true (commander default) still leaves the choice to the TTY', () => {
      expect(resolveOutputSettings({ env: {}, color: true, ...piped }).color).toBe(false);
    });
    it('a non-empty NO_COLOR disables colour, even with FORCE_COLOR', () => {
      expect(resolveOutputSettings({ env: { NO_COLOR: '1', FORCE_COLOR: '1' }, ...tty }).color).toBe(false);
    });
    it('an empty NO_COLOR is ignored', () => {
      expect(resolveOutputSettings({ env: { NO_COLOR: '' }, ...tty }).color).toBe(true);
    });
    it('FORCE_COLOR enables colour when piped, with its level', () => {
      expect(resolveOutputSettings({ env: { FORCE_COLOR: '1' }, ...piped })).toMatchObject({
        color: true,
        colorLevel: 1,
      });
      expect(resolveOutputSettings({ env: { FORCE_COLOR: '3' }, ...piped })).toMatchObject({
        color: true,
        colorLevel: 3,
      });
      expect(resolveOutputSettings({ env: { FORCE_COLOR: '' }, ...piped }).color).toBe(true);
    });
    it('FORCE_COLOR=0 or false disables colour on a TTY', () => {
      expect(resolveOutputSettings({ env: { FORCE_COLOR: '0' }, ...tty }).color).toBe(false);
      expect(resolveOutputSettings({ env: { FORCE_COLOR: 'false' }, ...tty }).color).toBe(false);
    });
    it('TERM=dumb turns colour off; COLORTERM raises the level', () => {
      expect(resolveOutputSettings({ env: { TERM: 'dumb' }, ...tty }).color).toBe(false);
      expect(resolveOutputSettings({ env: { COLORTERM: 'truecolor' }, ...tty }).colorLevel).toBe(3);
      expect(resolveOutputSettings({ env: { TERM: 'xterm-256color' }, ...tty }).colorLevel).toBe(2);
    });
  });
});
