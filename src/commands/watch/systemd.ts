import type { WatchPlan } from './options.js';
import { formatDuration } from './options.js';

/** Flags of this run that a timer's one-round runs leave out (they are about how long and how often to run). */
const TIMER_FLAGS_WITH_VALUE = new Set(['--every', '--until', '--webhook-secret']);
const TIMER_SWITCHES = new Set(['--print-systemd', '--once', '--until-change', '--test-notify']);

/**
 * A systemd user service (one `--once` round) and the timer that starts it every --every, for this watch's
 * command line (`argv`: the program, then every word after it). The webhook secret is never written into
 * the unit: it is read from an environment file.
 */
export function systemdUnits(plan: WatchPlan, argv: readonly string[], name: string, describe: string): string {
  const words: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    const flag = word.split('=')[0] as string;
    if (TIMER_SWITCHES.has(word)) continue;
    if (TIMER_FLAGS_WITH_VALUE.has(flag)) {
      if (!word.includes('=')) index++;
      continue;
    }
    words.push(word);
  }
  words.push('--once');
  const every = formatDuration(plan.everyMs);
  return [
    `# ~/.config/systemd/user/${name}.service`,
    '[Unit]',
    `Description=motoroute watch ${describe}`,
    'After=network-online.target',
    '',
    '[Service]',
    'Type=oneshot',
    '# MOTOROUTE_WEBHOOK_SECRET=whsec_... goes in this file (chmod 600), never in the unit.',
    'EnvironmentFile=-%h/.config/motoroute/watch.env',
    `ExecStart=${words.map(systemdWord).join(' ')}`,
    '# --once exits 5 when nothing changed: that is a success too.',
    'SuccessExitStatus=5',
    '',
    `# ~/.config/systemd/user/${name}.timer`,
    '[Unit]',
    `Description=motoroute watch ${describe}, every ${every}`,
    '',
    '[Timer]',
    'OnBootSec=2min',
    `OnUnitActiveSec=${plan.everyMs / 1000}s`,
    'Persistent=true',
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
    `# Then: systemctl --user daemon-reload && systemctl --user enable --now ${name}.timer`,
    '',
  ].join('\n');
}

/** One word of ExecStart: quoted when it holds blanks or quotes; % and $ doubled, as systemd reads them. */
function systemdWord(word: string): string {
  const escaped = word.replaceAll('%', '%%').replaceAll('$', '$$$$');
  return /^[\w@%+=:,./-]+$/.test(escaped) ? escaped : `"${escaped.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
