import { defineCommand } from './define.js';
import { WATCH_OPTIONS } from './watch/options.js';

/** `motoroute watch`: re-runs a search within the rate budget and reports what changed. */
export const watchCommand = defineCommand({
  name: 'watch',
  runsUntilStopped: true,
  summary: 're-run a search on an interval and report new trips, trips gone, places freed or taken',
  args: ['[from]', '[to]'],
  options: WATCH_OPTIONS,
  examples: [
    'motoroute watch Paris Marseille --before +30d',
    'motoroute watch Paris Marseille --min-slots 2 --until-change --format ndjson',
    'motoroute watch Paris Marseille --before +30d --once --notify ntfys://ntfy.sh/my-trips',
    'motoroute watch Paris Marseille --notify https://example.org/hooks --webhook-secret whsec_... --test-notify',
    'motoroute watch --from Lyon --every 10m --exec \'notify-send "motoroute: a trip changed"\'',
  ],
  details:
    'The first check is the baseline (summed up on stderr); each later check is compared with the one before.\n' +
    'Changes: new, gone (full, cancelled or no longer matching), freed and taken (free places on some leg).\n' +
    '--format ndjson prints one event a line: {time, type, trip, before?, after?}.\n' +
    "Rate budget: a check may need several pages; --every shorter than one request's share of the rate setting\n" +
    '(60 a minute by default: 1s) is refused, and checks needing N pages run at most every N shares.\n' +
    '--exec runs the program directly, without a shell: the command is split into words with simple quoting\n' +
    '(\'...\', "...", backslash) and the event goes only on its stdin, never into its arguments. Its output goes\n' +
    'to stderr; a failing command is reported and watching goes on. A failed check is reported and skipped.\n' +
    'Relative dates (today, +30d) are read once, when watch starts, and stay fixed for the whole run; trips that\n' +
    'went are remembered (to tell freed from new) until their date passes, 10,000 at most.\n' +
    'Alerts (--notify): transitions only (new, places freed up to --min-slots, a price drop, gone), once each, kept in\n' +
    '$XDG_STATE_HOME/motoroute across runs; --once is one round against that state: exit 0 if something changed, 5 if not.',
  async run(input, ctx) {
    const { runWatch } = await import('./watch/run.js');
    return runWatch(input, ctx);
  },
});
