import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inQuietHours, parseQuietHours } from '../../src/commands/watch/quiet-hours.js';
import { StateFile, stateDirectory } from '../../src/commands/watch/state-file.js';
import { systemdUnits } from '../../src/commands/watch/systemd.js';
import { parseNotifySetting, parseNotifyTarget } from '../../src/commands/watch/targets.js';
import { WATCH_OPTIONS, parseWatchPlan } from '../../src/commands/watch/options.js';
import { recordLook } from '../../src/core/alerts/watch-state.js';
import { desktopCommand } from '../../src/notify/desktop.js';
import { headerText } from '../../src/notify/ntfy.js';
import { UsageError } from '../../src/errors.js';
import { optionValues } from '../helpers/options.js';

describe('notification targets', () => {
  it('reads each scheme', () => {
    expect(parseNotifyTarget('https://example.org/hooks/T0/B0/s3cr3t?x=1', '--notify')).toEqual({
      kind: 'webhook',
      key: 'https://example.org/hooks/T0/B0/s3cr3t?x=1',
      label: 'https://example.org/hooks/…',
      url: 'https://example.org/hooks/T0/B0/s3cr3t?x=1',
    });
    expect(parseNotifyTarget('http://127.0.0.1:8080/a', '--notify').label).toBe('http://127.0.0.1:8080/a');
    expect(parseNotifyTarget('ntfy://127.0.0.1:8080/my-trips', '--notify')).toMatchObject({
      kind: 'ntfy',
      url: 'http://127.0.0.1:8080/my-trips',
    });
    expect(parseNotifyTarget('ntfys://ntfy.sh/my_trips', '--notify')).toMatchObject({
      url: 'https://ntfy.sh/my_trips',
    });
    expect(parseNotifyTarget('desktop://', '--notify')).toEqual({
      kind: 'desktop',
      key: 'desktop://',
      label: 'desktop://',
    });
    expect(parseNotifyTarget(`exec://apprise -b "a b"`, '--notify')).toMatchObject({ argv: ['apprise', '-b', 'a b'] });
  });

  it.each(['gopher://x', 'ntfy://host', 'ntfy://host/a/b', 'desktop://x', 'exec://', 'https://', 'mailto:x@y.fr'])(
    'refuses %j with a UsageError naming the flag',
    (text) => {
      expect(() => parseNotifyTarget(text, '--notify')).toThrow(UsageError);
      expect(() => parseNotifyTarget(text, '--notify')).toThrow(/^--notify/);
    },
  );

  it('splits the notify setting on commas before a scheme only', () => {
    const targets = parseNotifySetting('ntfys://ntfy.sh/a, exec://tee -a x,y, desktop://');
    expect(targets.map((target) => target.label)).toEqual(['ntfys://ntfy.sh/a', 'exec://tee -a x,y', 'desktop://']);
  });

  it('needs a whsec_ secret for a webhook, from the flag or the environment', () => {
    const options = optionValues(WATCH_OPTIONS, { notify: 'https://example.org/h' });
    expect(() => parseWatchPlan(['Paris'], options, 60)).toThrow(/--webhook-secret/);
    expect(() => parseWatchPlan(['Paris'], options, 60, { webhookSecret: 'whsec_$$$' })).toThrow(
      /^MOTOROUTE_WEBHOOK_SECRET: /,
    );
    const plan = parseWatchPlan(['Paris'], options, 60, { webhookSecret: 'whsec_c2VjcmV0' });
    expect(plan.webhookSecret).toBe('whsec_c2VjcmV0');
    expect(parseWatchPlan(['Paris'], { ...options, printSystemd: true }, 60).targets).toHaveLength(1);
    const fromSetting = parseWatchPlan(['Paris'], optionValues(WATCH_OPTIONS, {}), 60, { notify: 'desktop://' });
    expect(fromSetting.targets).toEqual([{ kind: 'desktop', key: 'desktop://', label: 'desktop://' }]);
  });
});

describe('quiet hours', () => {
  it("reads a range over midnight on France's clock", () => {
    const hours = parseQuietHours('22:00-07:00', '--quiet-hours');
    // 21:30 UTC is 22:30 in Paris in winter, 23:30 in summer; 06:30 UTC is 07:30 in winter.
    expect(inQuietHours(hours, new Date('2027-01-10T21:30:00Z'))).toBe(true);
    expect(inQuietHours(hours, new Date('2027-01-10T20:30:00Z'))).toBe(false);
    expect(inQuietHours(hours, new Date('2027-01-10T05:59:00Z'))).toBe(true);
    expect(inQuietHours(hours, new Date('2027-01-10T06:30:00Z'))).toBe(false);
    expect(inQuietHours(hours, new Date('2027-07-10T05:30:00Z'))).toBe(false);
    expect(inQuietHours(parseQuietHours('12:00-14:00', 'q'), new Date('2027-01-10T12:00:00Z'))).toBe(true);
  });

  it.each(['22-07', '24:00-07:00', '22:00-22:00', '22:00'])('refuses %j', (text) => {
    expect(() => parseQuietHours(text, '--quiet-hours')).toThrow(/^--quiet-hours: /);
  });
});

describe('the platform around alerts', () => {
  it('puts the state in XDG_STATE_HOME, else the platform place', () => {
    expect(stateDirectory({ XDG_STATE_HOME: '/s' }, 'linux')).toBe('/s/motoroute');
    expect(stateDirectory({ HOME: '/h' }, 'linux')).toBe('/h/.local/state/motoroute');
    expect(stateDirectory({ HOME: '/h' }, 'darwin')).toBe('/h/Library/Application Support/motoroute/state');
  });

  it('writes the state atomically and moves an unreadable file aside instead of losing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motoroute-state-'));
    try {
      const file = new StateFile(join(dir, 'deep', 'watch-k.json'), 'k');
      expect(await file.read()).toEqual({ kind: 'none' });
      const { state } = recordLook(undefined, new Map(), {
        queryKey: 'k',
        query: 'q',
        rules: { motorcycles: 1, priceDrop: 10 },
        hasLeft: () => false,
        today: '2027-01-01',
        now: new Date(),
        forms: { bookingUrl: 'https://a.fr', quoteUrl: 'https://a.fr' },
        targets: [],
      });
      await Promise.all([file.write(state), file.write({ ...state, revision: 4 })]);
      expect(readdirSync(join(dir, 'deep'))).toEqual(['watch-k.json']);
      expect(await file.read()).toMatchObject({ kind: 'state', state: { revision: 4 } });
      writeFileSync(file.path, '{"version": 1, "broken"');
      const read = await file.read();
      expect(read.kind).toBe('unreadable');
      expect(readFileSync((read as { movedTo: string }).movedTo, 'utf8')).toBe('{"version": 1, "broken"');
      expect(await file.read()).toEqual({ kind: 'none' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a systemd service running --once (5 a success) and its timer, without the secret', () => {
    const plan = parseWatchPlan(['Paris', 'Marseille'], optionValues(WATCH_OPTIONS, { every: '10m' }), 60);
    const text = systemdUnits(
      plan,
      [
        '/usr/bin/node',
        '/opt/motoroute.cjs',
        'watch',
        'Paris',
        'Saint Étienne',
        '--every',
        '10m',
        '--webhook-secret',
        'whsec_x',
        '--print-systemd',
      ],
      'motoroute-watch-k',
      'Paris',
    );
    expect(text).toContain('ExecStart=/usr/bin/node /opt/motoroute.cjs watch Paris "Saint Étienne" --once\n');
    expect(text).toContain('SuccessExitStatus=5');
    expect(text).toContain('OnUnitActiveSec=600s');
    expect(text).not.toContain('whsec_x');
  });

  it('words the desktop command per platform, the words as arguments only', () => {
    const notice = { title: 'T "x"', message: 'M $(id)' };
    expect(desktopCommand(notice, 'linux', { PATH: '' })).toEqual({
      problem: expect.stringMatching(/^desktop:\/\/: no desktop session here/),
    });
    expect(desktopCommand(notice, 'darwin', {})).toMatchObject({
      argv: expect.arrayContaining(['osascript', 'T "x"', 'M $(id)']),
    });
    expect(desktopCommand(notice, 'win32', {})).toMatchObject({ env: { MOTOROUTE_NOTICE_TITLE: 'T "x"' } });
    expect(headerText('Places libérées')).toBe(`=?UTF-8?B?${Buffer.from('Places libérées').toString('base64')}?=`);
    expect(headerText('plain')).toBe('plain');
  });
});
