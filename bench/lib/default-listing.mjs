// `list --from Paris --to Marseille` on the local service's default listing (records of both forms mixed, as the
// service's description allows), beside curl | jq, with the requests each side made (issue 39): with --from and
// --to, `list` reads the search of those cities through the batch endpoint in a handful of requests instead of the
// listing, and its peak resident memory is measured (≤ 100 MiB); `list --listing` (the listing read, its records
// completed) is timed beside them, with no target.
// `npm run bench` runs it among the rest; alone (after `npm run build`): `node bench/lib/default-listing.mjs`
// (BENCH_ROUTES=n for another size, 200,000 by default), which prints its rows and writes no results file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JQ_FILTER } from './jq-filter.mjs';
import { formatMs, formatRatio, renderTable } from './report.mjs';
import { peakRssMiB } from './rss.mjs';
import { startService } from './service.mjs';
import { timeCommands } from './timing.mjs';
import { hasTool } from './tools.mjs';

/** The issue's goal: `list` at least 3× faster than curl | jq doing the same filter. */
const MAX_RATIO = 1 / 3;
/** Requests `list` may send: the listing, a sizing search or two and a few batch requests. */
const MAX_REQUESTS = 10;
/** The issue's goal for its peak resident memory (at 1,000,000 routes; less at fewer). */
const MAX_RSS_MIB = 100;

const q = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;

function capture(shell) {
  return execFileSync('bash', ['-o', 'pipefail', '-c', shell], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();
}

/** The requests the service answered since the last reset, then a reset (its /__control/stats endpoints). */
function takeRequests(origin) {
  const { requests } = JSON.parse(capture(`curl -s ${q(`${origin}/__control/stats`)}`));
  capture(`curl -s -X POST ${q(`${origin}/__control/stats/reset`)}`);
  return requests;
}

/**
 * Times `list` and curl | jq on the default listing of `routes` routes and hands each row to `addRow` (the
 * bench's row shape); `jqFilter` is the bench's filter for the same trips (it cannot see Form A's stopovers: its
 * count is said, not compared). Returns nothing; a difference from `search --all` goes to `warn`.
 */
export async function benchDefaultListing({ cli, routes, runs, warmup, rssRuns = 3, jqFilter, addRow, warn, step }) {
  step(`list on the default (mixed) listing, ${routes.toLocaleString('en')} routes`);
  const node = process.execPath;
  const service = await startService(cli, routes, ['--control']);
  try {
    const origin = service.url.replace(/\/v1$/, '');
    const list = `${q(node)} ${q(cli)} --base-url ${q(service.url)} list --from Paris --to Marseille --format ndjson`;
    const whole = `${list} --listing`;
    const search = `${q(node)} ${q(cli)} --base-url ${q(service.url)} search --from Paris --to Marseille --all --format ndjson`;
    const curlJq = `curl -s ${q(`${service.url}/route/get/results`)} | jq ${q(jqFilter)}`;
    takeRequests(origin);
    const listed = capture(list).split('\n').filter(Boolean);
    const listRequests = takeRequests(origin);
    const wholeListed = capture(whole).split('\n').filter(Boolean);
    const wholeRequests = takeRequests(origin);
    const searched = capture(search).split('\n').filter(Boolean);
    takeRequests(origin);
    const jqCount = Number(capture(curlJq));
    const curlRequests = takeRequests(origin);
    const ids = (lines) =>
      lines
        .map((line) => JSON.parse(line).id)
        .sort()
        .join(',');
    if (ids(listed) !== ids(searched))
      warn(`default listing: list gave ${listed.length} trips, search --all ${searched.length}`);
    if (ids(wholeListed) !== ids(searched))
      warn(`default listing: list --listing gave ${wholeListed.length} trips, search --all ${searched.length}`);
    const [jq, motoroute, wholeListing] = await timeCommands(
      [
        { name: 'curl | jq', shell: curlJq },
        { name: 'list', shell: list },
        { name: 'list --listing', shell: whole },
      ],
      { runs, warmup, interleave: true },
    );
    const group = `default (mixed) listing, ${routes.toLocaleString('en')} routes: \`list --from Paris --to Marseille\``;
    addRow({
      group,
      command: `\`curl -s …/route/get/results | jq …\` (${jqCount.toLocaleString('en')} trips: jq cannot see Form A's stopovers; ${curlRequests} request${curlRequests === 1 ? '' : 's'})`,
      median: formatMs(jq.median),
    });
    const ratio = motoroute.median / jq.median;
    const same = ids(listed) === ids(searched);
    addRow({
      group,
      command: `\`motoroute list --from Paris --to Marseille --format ndjson\` (${listed.length.toLocaleString('en')} trips, ${same ? 'as' : 'NOT as'} search --all; ${listRequests} requests)`,
      median: formatMs(motoroute.median),
      ratio: `${formatRatio(ratio)} curl | jq (${formatRatio(1 / ratio)} faster)`,
      target: `≤ ${formatRatio(MAX_RATIO)} curl | jq (3× faster), ≤ ${MAX_REQUESTS} requests, the same trips as search --all`,
      met: Number.isFinite(ratio) && ratio <= MAX_RATIO && listRequests <= MAX_REQUESTS && same,
    });
    const rss = peakRssMiB((prefix) => `${prefix} ${list} > /dev/null`, rssRuns);
    addRow({
      group,
      command: `peak RSS of \`motoroute list --from Paris --to Marseille --format ndjson\` (median of ${rssRuns})`,
      rss: `${rss.toFixed(0)} MiB`,
      target: `≤ ${MAX_RSS_MIB} MiB`,
      met: rss <= MAX_RSS_MIB,
    });
    const wholeRatio = wholeListing.median / jq.median;
    addRow({
      group,
      command: `\`motoroute list --from Paris --to Marseille --listing --format ndjson\` (the whole listing read and completed; ${wholeListed.length.toLocaleString('en')} trips, ${ids(wholeListed) === ids(searched) ? 'as' : 'NOT as'} search --all; ${wholeRequests} requests)`,
      median: formatMs(wholeListing.median),
      ratio: `${formatRatio(wholeRatio)} curl | jq`,
    });
  } finally {
    await service.stop();
  }
}

/** Midnight thirty in France today, as bench/run.mjs sets it: before any departure, so every side reads the same trips. */
function earlyToday() {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  return `${day}T00:30:00Z`;
}

async function runAlone() {
  for (const tool of ['curl', 'jq'])
    if (!hasTool(tool)) throw new Error(`${tool} is needed for the comparison (apt-get install ${tool})`);
  const cli = fileURLToPath(new URL('../../bin/motoroute.cjs', import.meta.url));
  const configDir = mkdtempSync(join(tmpdir(), 'motoroute-bench-config-'));
  const cacheDir = mkdtempSync(join(tmpdir(), 'motoroute-bench-cache-'));
  Object.assign(process.env, {
    MOTOROUTE_CONFIG_DIR: configDir,
    MOTOROUTE_CACHE_DIR: cacheDir,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    MOTOROUTE_NOW: earlyToday(),
  });
  const rows = [];
  try {
    await benchDefaultListing({
      cli,
      routes: Number(process.env.BENCH_ROUTES ?? 200_000),
      runs: 3,
      warmup: 1,
      jqFilter: JQ_FILTER,
      addRow: (row) => rows.push(row),
      warn: (message) => process.stderr.write(`WARNING: ${message}\n`),
      step: (message) => process.stderr.write(`· ${message}\n`),
    });
  } finally {
    rmSync(configDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
  process.stdout.write(`${renderTable(rows)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runAlone();
