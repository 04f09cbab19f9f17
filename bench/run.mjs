// `npm run bench`: motoroute against the alternatives, side by side in one run, on the local service
// (127.0.0.1 only). Prints one markdown table of medians and ratios, each target (issues 6, 13, 17 and 35) with ✓/✗,
// and writes it to bench/RESULTS.md (BENCH_QUICK=1: a smaller run, written to bench/.snapshot/).
// Options (environment): BENCH_QUICK=1, BENCH_HARNESS=node (Node harness and load generator even
// where hyperfine and wrk are installed), BENCH_CLI=path/to/motoroute.cjs (measure that build instead),
// BENCH_ONLY=startup,search,mcp,desk (only those groups: start-up, one search, `motoroute mcp`, the desk page's first
// load; written to bench/.snapshot/).
// The Node that runs this script runs every command: `path/to/node bench/run.mjs` measures another Node.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDefaultListing } from './lib/default-listing.mjs';
import { JQ_FILTER } from './lib/jq-filter.mjs';
import { hasChromium, measureDeskPage } from './lib/desk-page.mjs';
import { timeFirstRow } from './lib/first-row.mjs';
import { loadTool, runLoad } from './lib/load.mjs';
import { loadHttpToolCalls, mcpDiscoverShell, mcpInitializeShell, timeHttpToolCalls } from './lib/mcp.mjs';
import { formatMs, formatRatio, machineSummary, renderTable } from './lib/report.mjs';
import { peakRssMiB, rssMethod } from './lib/rss.mjs';
import { startService } from './lib/service.mjs';
import { harnessName, median, timeCommands } from './lib/timing.mjs';
import { hasTool, toolVersion } from './lib/tools.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const QUICK = process.env.BENCH_QUICK === '1';
/** The groups BENCH_ONLY names ('startup', 'search', 'mcp', 'desk'), or undefined for all of them. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const ONLY_GROUPS = ['startup', 'search', 'mcp', 'desk'];
if (ONLY?.some((name) => !ONLY_GROUPS.includes(name)))
  throw new Error(`BENCH_ONLY takes ${ONLY_GROUPS.join(', ')} (comma-separated); got ${process.env.BENCH_ONLY}`);
const wanted = (group) => ONLY === undefined || ONLY.includes(group);
const PLAN = QUICK
  ? {
      startRuns: 5,
      startWarmup: 1,
      allRuns: 3,
      listRuns: 3,
      listWarmup: 1,
      rssRuns: 1,
      deskRuns: 3,
      loadRuns: 1,
      loadSeconds: 3,
      mcpLoadSeconds: 3,
      searchRoutes: 20_000,
      listSizes: [20_000, 100_000],
    }
  : {
      startRuns: 20,
      startWarmup: 2,
      allRuns: 5,
      listRuns: 5,
      listWarmup: 1,
      rssRuns: 3,
      deskRuns: 7,
      loadRuns: 3,
      loadSeconds: 10,
      mcpLoadSeconds: 60,
      searchRoutes: 100_000,
      listSizes: [200_000, 1_000_000],
    };
const NODE = process.execPath;
const q = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;

const rows = [];
const warnings = [];
const warn = (message) => {
  warnings.push(message);
  process.stderr.write(`WARNING: ${message}\n`);
};
const step = (message) => process.stderr.write(`· ${message}\n`);

/** Copies dist/ so that a rebuild by someone else during the run cannot change what is measured. */
function snapshotCli() {
  if (!existsSync(join(ROOT, 'dist', 'app.cjs')))
    throw new Error('dist/app.cjs is missing: run `npm run build` (npm run bench does).');
  const dir = join(BENCH, '.snapshot', 'run');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'motoroute.cjs'), "#!/usr/bin/env node\nrequire('../dist/cli.cjs');\n");
  return join(dir, 'bin', 'motoroute.cjs');
}

function capture(shell) {
  return execFileSync('bash', ['-o', 'pipefail', '-c', shell], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();
}

function addRow(row) {
  rows.push({ mbps: '', rss: '', ratio: '', target: '', ...row });
}

/** `+12 ms` over node -e 0 (or `-1.5 ms`). */
function overNode(ms, nodeMs) {
  const difference = ms - nodeMs;
  return `${difference < 0 ? '−' : '+'}${formatMs(Math.abs(difference))}`;
}

function checkRatio(ratio, limit) {
  return Number.isFinite(ratio) && ratio <= limit;
}

async function benchStartup(cli) {
  step('start-up');
  const [node, version, help] = await timeCommands(
    [
      { name: 'node -e 0', shell: `${q(NODE)} -e 0` },
      { name: 'motoroute --version', shell: `${q(NODE)} ${q(cli)} --version` },
      { name: 'motoroute --help', shell: `${q(NODE)} ${q(cli)} --help` },
    ],
    { runs: PLAN.startRuns, warmup: PLAN.startWarmup, interleave: true },
  );
  addRow({ group: 'start-up', command: '`node -e 0`', median: formatMs(node.median), ratio: '1.00×' });
  for (const result of [version, help]) {
    const ratio = result.median / node.median;
    // Node 24 starts in half the time Node 20 took: the ratio alone hides our own cost, the difference says it.
    addRow({
      group: 'start-up',
      command: `\`${result.name}\``,
      median: formatMs(result.median),
      ratio: `${formatRatio(ratio)} (${overNode(result.median, node.median)})`,
      target: '≤ 1.3× node -e 0',
      met: checkRatio(ratio, 1.3),
    });
  }
}

/** Loading each library entry (package.json "exports") in a fresh process: import() of the ES module build, require() of the CommonJS one. */
function benchImportCost(cli) {
  step('library import cost');
  const dist = join(dirname(dirname(cli)), 'dist');
  const entries = [
    { name: 'import() of an empty module (the floor)', file: join(BENCH, 'lib', 'floor-module.mjs') },
    { name: "import('motoroute')", file: 'index.js', limitMs: 30 },
    { name: "import('motoroute/booking')", file: 'booking.js', limitMs: 10 },
    { name: "import('motoroute/server')", file: 'server.js' },
    { name: "require('motoroute')", file: 'index.cjs' },
    { name: "require('motoroute/booking')", file: 'booking.cjs' },
    { name: "require('motoroute/server')", file: 'server.cjs' },
  ];
  const samples = entries.map(() => []);
  // Taking turns, like timeCommands: a burst of load elsewhere hits every entry alike.
  for (let run = 0; run < PLAN.startWarmup + PLAN.startRuns; run++) {
    entries.forEach((entry, index) => {
      const ms = Number(
        execFileSync(NODE, [join(BENCH, 'lib', 'import-cost.mjs'), resolve(dist, entry.file)], { encoding: 'utf8' }),
      );
      if (run >= PLAN.startWarmup) samples[index].push(ms);
    });
  }
  entries.forEach((entry, index) => {
    const ms = median(samples[index]);
    addRow({
      group: 'library import cost (in-process, fresh process each run)',
      command: entry.name.endsWith("')") ? `\`${entry.name}\`` : entry.name,
      median: formatMs(ms),
      ...(entry.limitMs !== undefined && { target: `≤ ${entry.limitMs} ms`, met: ms <= entry.limitMs }),
    });
  });
}

async function benchOneSearch(cli, base) {
  step('one search');
  const url = `${base}/route/ai/search?depart=Paris&arrival=Marseille`;
  const script = (name) => `${q(NODE)} ${q(join(BENCH, 'lib', name))} ${q(url)}`;
  const search = `${q(NODE)} ${q(cli)} search --from Paris --to Marseille --json`;
  const [node, httpGet, httpParse, fetchGet, curl, ours, uncached] = await timeCommands(
    [
      { name: 'node -e 0', shell: `${q(NODE)} -e 0` },
      { name: 'node:http GET, body piped out', shell: script('http-get.mjs') },
      { name: 'node:http GET + JSON.parse (Node floor)', shell: script('http-get-parse.mjs') },
      { name: 'fetch + response.json() (bare script)', shell: script('fetch-get.mjs') },
      { name: 'curl -s URL | jq .', shell: `curl -s ${q(url)} | jq .` },
      { name: 'motoroute search --from Paris --to Marseille --json', shell: search },
      // Without Node's compile cache, as a first run is; not a target.
      { name: 'same, without the compile cache (a first run)', shell: `NODE_DISABLE_COMPILE_CACHE=1 ${search}` },
    ],
    { runs: PLAN.startRuns, warmup: PLAN.startWarmup, interleave: true },
  );
  const group = `one search (${PLAN.searchRoutes.toLocaleString('en')} routes)`;
  // Each row against the floor (node:http + JSON.parse), then against node -e 0 with our cost over it in ms.
  for (const result of [node, httpGet, httpParse, fetchGet, curl, ours, uncached]) {
    addRow({
      group,
      command: `\`${result.name}\``,
      median: formatMs(result.median),
      ratio: `${formatRatio(result.median / httpParse.median)} floor · ${formatRatio(result.median / node.median)} node -e 0 (${overNode(result.median, node.median)})`,
    });
  }
  const toFloor = ours.median / httpParse.median;
  addRow({
    group,
    command: 'target: one search against a bare node:http GET of it with a JSON.parse',
    ratio: formatRatio(toFloor),
    target: '≤ 1.6× node:http + JSON.parse',
    met: checkRatio(toFloor, 1.6),
  });
  const toFetch = ours.median / fetchGet.median;
  addRow({
    group,
    command: 'target: one search against a bare fetch script of it',
    ratio: formatRatio(toFetch),
    target: '≤ 1.0× fetch script',
    met: checkRatio(toFetch, 1.0),
  });
}

/**
 * The shortest date window from today with at least 1,000 Paris → Marseille trips (so --all follows
 * 10 or 11 pages of 100, whatever gaps the data has), as ISO dates.
 */
function searchAllWindow(base) {
  // Today in France, as the CLI reads it (MOTOROUTE_NOW, set by main) and the service is told (startService).
  const today = new Date(`${process.env.MOTOROUTE_NOW.slice(0, 10)}T00:00:00Z`);
  const iso = (date) => date.toISOString().slice(0, 10);
  const dayAfter = (days) => new Date(today.getTime() + days * 86_400_000);
  const total = (days) => {
    const url = `${base}/route/ai/search?depart=Paris&arrival=Marseille&date_from=${iso(today)}&date_to=${iso(dayAfter(days))}&limit=1`;
    return Number(JSON.parse(capture(`curl -s ${q(url)}`)).total);
  };
  if (total(800) < 1000) return { after: iso(today), before: undefined, total: Number.NaN };
  let [low, high] = [0, 800];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (total(middle) >= 1000) high = middle;
    else low = middle;
  }
  return { after: iso(today), before: iso(dayAfter(high)), total: total(high) };
}

async function benchSearchAll(cli, base) {
  step('search --all');
  const window = searchAllWindow(base);
  const range = `--after ${window.after}${window.before ? ` --before ${window.before}` : ''}`;
  const shell = `${q(NODE)} ${q(cli)} search --from Paris --to Marseille ${range} --all --limit 100 --json`;
  const trips = JSON.parse(capture(shell)).length;
  if (trips < 1000) warn(`search --all matched only ${trips} trips (wanted ≥ 1,000)`);
  const [node, all] = await timeCommands(
    [
      { name: 'node -e 0', shell: `${q(NODE)} -e 0` },
      { name: 'search --all', shell },
    ],
    { runs: PLAN.allRuns, warmup: 1, interleave: true },
  );
  const pages = Math.ceil(window.total / 100);
  addRow({
    group: 'search --all',
    command: `\`motoroute search --from Paris --to Marseille ${range} --all --limit 100 --json\` (${trips.toLocaleString('en')} trips, ${pages} pages)`,
    median: formatMs(all.median),
    ratio: `${formatRatio(all.median / node.median)} node -e 0`,
    target: `≥ 1,000 trips`,
    met: trips >= 1000,
  });
}

/** `search --all` over 11 pages on a service answering 200 ms late: pages in flight together against one at a time. */
async function benchSearchAllLatency(cli) {
  step('search --all at 200 ms latency');
  const service = await startService(cli, PLAN.searchRoutes, ['--latency', '200']);
  try {
    const window = searchAllWindow(service.url);
    const range = `--after ${window.after}${window.before ? ` --before ${window.before}` : ''}`;
    const command = (concurrency) =>
      `${q(NODE)} ${q(cli)} --base-url ${q(service.url)} --concurrency ${concurrency} search --from Paris --to Marseille ${range} --all --limit 100 --json`;
    const pages = Math.ceil(window.total / 100);
    if (capture(command(4)) !== capture(command(1)))
      warn('search --all at 200 ms latency: the output with 4 pages in flight differs from one page at a time');
    const [together, oneByOne] = await timeCommands(
      [
        { name: 'search --all, 4 pages in flight (default)', shell: command(4) },
        { name: 'search --all, one page at a time (--concurrency 1)', shell: command(1) },
      ],
      { runs: PLAN.allRuns, warmup: 1, interleave: true },
    );
    const group = `search --all, ${pages} pages, service 200 ms late`;
    addRow({
      group,
      command: `\`motoroute search --from Paris --to Marseille ${range} --all --limit 100 --json\``,
      median: formatMs(together.median),
      target: '≤ 1.0 s, output identical',
      met: together.median <= 1000 && !warnings.some((w) => w.includes('differs')),
    });
    addRow({
      group,
      command: '`same, --concurrency 1`',
      median: formatMs(oneByOne.median),
      ratio: `${formatRatio(oneByOne.median / together.median)} slower`,
    });
  } finally {
    await service.stop();
  }
}

/**
 * `motoroute mcp` (issues 26 and 38): the 2025 `initialize` and the 2026-07-28 `server/discover` answered over stdio
 * against `node -e 0`, one tools/call round trip over HTTP, and tools/call throughput under 20 HTTP clients.
 */
async function benchMcp(cli, base) {
  step('mcp');
  const [node, ...openings] = await timeCommands(
    [
      { name: 'node -e 0', shell: `${q(NODE)} -e 0` },
      { name: 'motoroute mcp: initialize answered (stdio, 2025)', shell: mcpInitializeShell(NODE, cli, base, q) },
      {
        name: 'motoroute mcp: server/discover answered (stdio, 2026-07-28)',
        shell: mcpDiscoverShell(NODE, cli, base, q),
      },
    ],
    { runs: PLAN.startRuns, warmup: PLAN.startWarmup, interleave: true },
  );
  const group = 'mcp';
  addRow({ group, command: '`node -e 0`', median: formatMs(node.median), ratio: '1.00×' });
  for (const opening of openings) {
    const ratio = opening.median / node.median;
    addRow({
      group,
      command: `\`${opening.name}\``,
      median: formatMs(opening.median),
      ratio: formatRatio(ratio),
      target: '≤ 2.5× node -e 0',
      met: checkRatio(ratio, 2.5),
    });
  }
  const calls = await timeHttpToolCalls(NODE, cli, base, { calls: PLAN.startRuns * 2, warmup: 3 });
  addRow({
    group,
    command: 'tools/call search_routes round trip (Streamable HTTP, SDK client)',
    median: formatMs(median(calls)),
  });
  // Issue 38's load is a minute long; idle is read 10 s after the clients left and past a listing read's minute.
  const idleSeconds = QUICK ? [2] : [10, 65];
  const load = await loadHttpToolCalls(NODE, cli, base, { clients: 20, seconds: PLAN.mcpLoadSeconds, idleSeconds });
  if (load.errors > 0) warn(`${load.errors} of ${load.calls} tools/call under load answered isError`);
  const loaded = `mcp: tools/call under 20 HTTP clients (2026-07-28, ${PLAN.mcpLoadSeconds} s)`;
  addRow({ group: loaded, command: 'calls per second', median: `${Math.round(load.perSecond)} calls/s` });
  addRow({ group: loaded, command: 'p99 latency', median: formatMs(load.p99) });
  addRow({
    group: loaded,
    command: `server memory (RSS): before → after → idle ${idleSeconds.map((mark) => `${mark} s`).join(', ')}`,
    median: [load.before, load.after, ...load.idle].map((mib) => `${mib.toFixed(0)} MiB`).join(' → '),
  });
}

/** The desk's page, as a desk first opens it: time to the search form answering, and the bytes transferred. */
async function benchDeskPage(cli, base) {
  step('desk page');
  const group = 'desk page (`motoroute desk`, headless Chromium, first load)';
  if (!hasChromium()) {
    warn('the desk page was not measured: /usr/bin/chromium is missing (apt-get install chromium)');
    return;
  }
  const { answersMs, citiesMs, bytes } = await measureDeskPage(cli, base, PLAN.deskRuns);
  const ms = median(answersMs);
  addRow({
    group,
    command: 'one-time link → search form answering',
    median: formatMs(ms),
    target: '≤ 1 s',
    met: ms <= 1000,
  });
  addRow({ group, command: 'one-time link → served cities offered', median: formatMs(median(citiesMs)) });
  addRow({
    group,
    command: 'transferred (HTML, CSS, script, session, cities; bodies and headers)',
    median: `${(bytes / 1024).toFixed(1)} KiB`,
    target: '≤ 300 KiB',
    met: bytes <= 300 * 1024,
  });
}

async function benchService(base) {
  step(`service load (${loadTool()}, ${PLAN.loadRuns} × ${PLAN.loadSeconds} s)`);
  // Medians of several runs, like every other row: one 10 s run can fall on a burst of load elsewhere.
  const runs = [];
  for (let run = 0; run < PLAN.loadRuns; run++)
    runs.push(await runLoad(base, { seconds: PLAN.loadSeconds, connections: 50 }));
  const rps = median(runs.map((run) => run.rps));
  const p99Ms = median(runs.map((run) => run.p99Ms));
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  if (errors > 0) warn(`${errors} search requests failed under load`);
  const group = `service: search under 50 connections (${PLAN.searchRoutes.toLocaleString('en')} routes, ${loadTool()})`;
  addRow({
    group,
    command: 'requests per second',
    median: `${Math.round(rps).toLocaleString('en')} req/s`,
    target: '≥ 3,000 req/s',
    met: rps >= 3000,
  });
  addRow({ group, command: 'p99 latency', median: formatMs(p99Ms), target: '< 20 ms', met: p99Ms < 20 });
}

/** The largest listing with and without gzip: bytes on the wire, wall time and peak RSS of `list`. */
async function benchCompressedListing(cli, routes) {
  step(`listing, ${routes.toLocaleString('en')} routes, with and without compression`);
  const sides = [];
  for (const compressed of [false, true]) {
    const service = await startService(cli, routes, [
      '--listing-form',
      'b',
      ...(compressed ? ['--compress', 'gzip'] : []),
    ]);
    try {
      const url = `${service.url}/route/get/results`;
      const wire = Number(
        capture(`curl -s -H 'Accept-Encoding: gzip, deflate, br' -o /dev/null -w '%{size_download}' ${q(url)}`),
      );
      const command = `${q(NODE)} ${q(cli)} --base-url ${q(service.url)} list --from Paris --to Marseille --format ndjson`;
      const count = Number(capture(`${command} | wc -l`));
      const [timed] = await timeCommands([{ name: compressed ? 'gzip' : 'identity', shell: `${command} | wc -l` }], {
        runs: PLAN.listRuns,
        warmup: PLAN.listWarmup,
      });
      const rss = peakRssMiB((p) => `${p} ${command} | wc -l > /dev/null`, PLAN.rssRuns);
      sides.push({ compressed, wire, count, median: timed.median, rss });
    } finally {
      await service.stop();
    }
  }
  const [plain, gzip] = sides;
  if (plain.count !== gzip.count) warn(`compressed listing: ${gzip.count} trips against ${plain.count} uncompressed`);
  const group = `listing ${routes.toLocaleString('en')} routes, compressed or not (\`motoroute serve --compress gzip\`)`;
  for (const side of sides) {
    addRow({
      group,
      command: `\`list --from Paris --to Marseille --format ndjson\`, ${side.compressed ? 'Content-Encoding: gzip' : 'uncompressed'} (${(side.wire / 1e6).toFixed(1)} MB on the wire)`,
      median: formatMs(side.median),
      rss: `${side.rss.toFixed(0)} MiB`,
    });
  }
  const share = gzip.wire / plain.wire;
  const slower = gzip.median / plain.median;
  addRow({
    group,
    command: 'target: bytes on the wire, compressed',
    ratio: `${(share * 100).toFixed(1)} % of uncompressed`,
    target: '≤ 20 %',
    met: share <= 0.2,
  });
  addRow({
    group,
    command: 'target: wall time, compressed',
    ratio: `${formatRatio(slower)} uncompressed`,
    target: '≤ 1.3×',
    met: checkRatio(slower, 1.3),
  });
  addRow({
    group,
    command: 'target: peak RSS, compressed',
    rss: `${gzip.rss.toFixed(0)} MiB`,
    target: '< 120 MiB',
    met: gzip.rss < 120,
  });
}

async function benchListing(cli, routes) {
  step(`listing, ${routes.toLocaleString('en')} routes`);
  const service = await startService(cli, routes, ['--listing-form', 'b']);
  try {
    process.env.MOTOROUTE_BASE_URL = service.url;
    const url = `${service.url}/route/get/results`;
    const bytes = Number(capture(`curl -s -o /dev/null -w '%{size_download}' ${q(url)}`));
    const wholeParse = `${q(NODE)} ${q(join(BENCH, 'lib', 'whole-body-parse.mjs'))} ${q(url)} Paris Marseille`;
    const list = `${q(NODE)} ${q(cli)} list --from Paris --to Marseille --format ndjson`;
    const commands = [
      {
        name: `curl -s URL | jq '${JQ_FILTER.slice(0, 24)}…'`,
        shell: `curl -s ${q(url)} | jq ${q(JQ_FILTER)}`,
        rss: (p) => `curl -s ${q(url)} | ${p} jq ${q(JQ_FILTER)} > /dev/null`,
      },
      {
        name: 'node:http + whole-body JSON.parse + filter (bound)',
        shell: wholeParse,
        rss: (p) => `${p} ${wholeParse} > /dev/null`,
      },
      {
        name: 'motoroute list --from Paris --to Marseille --format ndjson | wc -l',
        shell: `${list} | wc -l`,
        rss: (p) => `${p} ${list} | wc -l > /dev/null`,
      },
    ];
    const counts = commands.map((command) => Number(capture(command.shell)));
    if (new Set(counts).size !== 1)
      warn(
        `listing ${routes}: the sides count different trips (jq ${counts[0]}, bound ${counts[1]}, motoroute ${counts[2]})`,
      );
    const timed = await timeCommands(commands, { runs: PLAN.listRuns, warmup: PLAN.listWarmup, interleave: true });
    const rss = commands.map((command) => peakRssMiB(command.rss, PLAN.rssRuns));
    const firstRow = await timeFirstRow([
      NODE,
      cli,
      'list',
      '--from',
      'Paris',
      '--to',
      'Marseille',
      '--format',
      'ndjson',
    ]);
    return { routes, bytes, counts, timed, rss, firstRow };
  } finally {
    await service.stop();
  }
}

function addListingRows(result, isLargest, smaller) {
  const { routes, bytes, counts, timed, rss, firstRow } = result;
  const [jq, bound, ours] = timed;
  const group = `listing ${routes.toLocaleString('en')} routes (${(bytes / 1e6).toFixed(1)} MB, ${counts[2].toLocaleString('en')} trips)`;
  const mbps = (ms) => `${(bytes / 1e6 / (ms / 1000)).toFixed(0)}`;
  timed.forEach((command, index) => {
    addRow({
      group,
      command: `\`${command.name}\``,
      median: formatMs(command.median),
      mbps: mbps(command.median),
      rss: `${rss[index].toFixed(0)} MiB`,
      ratio:
        index === 2
          ? `${formatRatio(jq.median / ours.median)} faster than jq, ${formatRatio(ours.median / bound.median)} bound`
          : '',
    });
  });
  if (!isLargest) return;
  const speedup = jq.median / ours.median;
  const toBound = ours.median / bound.median;
  addRow({
    group,
    command: 'target: list vs `curl | jq`',
    ratio: `${formatRatio(speedup)} faster`,
    target: '≥ 3× faster',
    met: speedup >= 3,
  });
  addRow({
    group,
    command: 'target: list vs whole-body JSON.parse bound',
    ratio: formatRatio(toBound),
    target: '≤ 1.3× bound',
    met: checkRatio(toBound, 1.3),
  });
  addRow({
    group,
    command: 'target: list peak RSS',
    rss: `${rss[2].toFixed(0)} MiB`,
    target: '≤ 150 MB',
    met: rss[2] * 1.048576 <= 150,
  });
  addRow({
    group,
    command: 'target: list peak RSS (issue 24)',
    rss: `${rss[2].toFixed(0)} MiB`,
    target: '≤ 100 MiB',
    met: rss[2] <= 100,
  });
  if (smaller) {
    const growth = rss[2] / smaller.rss[2] - 1;
    addRow({
      group,
      command: `target: list RSS growth from ${smaller.routes.toLocaleString('en')} routes`,
      rss: `${smaller.rss[2].toFixed(0)} → ${rss[2].toFixed(0)} MiB`,
      ratio: `${(growth * 100).toFixed(1)} %`,
      target: '< 20 %',
      met: growth < 0.2,
    });
  }
  addRow({
    group,
    command: 'target: first rows before the download ends',
    median: `first row ${formatMs(firstRow.firstRowMs)} of ${formatMs(firstRow.totalMs)}`,
    target: 'first row < ½ of the run',
    met: firstRow.firstRowMs < firstRow.totalMs / 2,
  });
}

/**
 * A terminal table (`list --format table`, the streamed table) of about 2,000 and 20,000 rows, with tsv of the
 * same listing beside it. Flat time per row: the rows from 2,000 to 20,000 cost no more each than the first
 * 2,000 did on average (start-up included), which a layout superlinear in rows fails (34.7 s for 17,000 rows before).
 */
async function benchTerminalTable(cli) {
  const group = 'terminal table (`list --format table`, COLUMNS=120)';
  const sizes = [];
  for (const routes of [2_000, 20_000]) {
    step(`terminal table, ${routes.toLocaleString('en')} routes`);
    const service = await startService(cli, routes);
    try {
      const command = (format) =>
        `COLUMNS=120 ${q(NODE)} ${q(cli)} --base-url ${q(service.url)} list --format ${format}`;
      const rowsPrinted = Number(capture(`${command('tsv')} | wc -l`));
      const [table, tsv] = await timeCommands(
        [
          { name: 'table', shell: `${command('table')} > /dev/null` },
          { name: 'tsv', shell: `${command('tsv')} > /dev/null` },
        ],
        { runs: PLAN.listRuns, warmup: PLAN.listWarmup, interleave: true },
      );
      sizes.push({ rows: rowsPrinted, ms: table.median });
      addRow({
        group,
        command: `${rowsPrinted.toLocaleString('en')} rows as a table (tsv: ${formatMs(tsv.median)})`,
        median: formatMs(table.median),
        ratio: `${((table.median * 1000) / rowsPrinted).toFixed(1)} µs a row`,
      });
    } finally {
      await service.stop();
    }
  }
  const [small, large] = sizes;
  const average = small.ms / small.rows;
  const marginal = (large.ms - small.ms) / Math.max(1, large.rows - small.rows);
  addRow({
    group,
    command:
      'target: time per row flat from 2,000 to 20,000 rows (each row past 2,000 against the first 2,000 on average)',
    ratio: formatRatio(marginal / average),
    target: '≤ 1.5×',
    met: marginal / average <= 1.5,
  });
}

/** 00:30 UTC of today in France: 01:30 there in winter, 02:30 in summer, before any trip of the day leaves. */
function earlyToday() {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  return `${day}T00:30:00Z`;
}

async function main() {
  for (const tool of ['curl', 'jq'])
    if (!hasTool(tool)) throw new Error(`${tool} is needed for the comparisons (apt-get install ${tool})`);
  const cli = process.env.BENCH_CLI ?? snapshotCli();
  const configDir = mkdtempSync(join(tmpdir(), 'motoroute-bench-config-'));
  // Node's compile cache of this run only: the warm-up runs write it, as a user's first run does.
  const cacheDir = mkdtempSync(join(tmpdir(), 'motoroute-bench-cache-'));
  // The CLI leaves out trips that already left today (France time), the raw service and jq do not: on a clock set
  // early in France's day, before its first departure, every side reads the same trips at any hour the bench runs (the
  // service's data is of that day too: startService passes it as --today).
  Object.assign(process.env, {
    MOTOROUTE_CONFIG_DIR: configDir,
    MOTOROUTE_CACHE_DIR: cacheDir,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    MOTOROUTE_NOW: earlyToday(),
  });
  const started = Date.now();
  try {
    if (ONLY !== undefined) {
      if (wanted('startup')) await benchStartup(cli);
      if (wanted('search')) {
        const search = await startService(cli, PLAN.searchRoutes);
        try {
          process.env.MOTOROUTE_BASE_URL = search.url;
          await benchOneSearch(cli, search.url);
        } finally {
          await search.stop();
        }
      }
      if (wanted('mcp')) {
        const search = await startService(cli, PLAN.searchRoutes);
        try {
          await benchMcp(cli, search.url);
        } finally {
          await search.stop();
        }
      }
      if (wanted('desk')) {
        const desk = await startService(cli, 1000);
        try {
          await benchDeskPage(cli, desk.url);
        } finally {
          await desk.stop();
        }
      }
      return writeResults(started);
    }
    await benchStartup(cli);
    benchImportCost(cli);
    const search = await startService(cli, PLAN.searchRoutes);
    try {
      process.env.MOTOROUTE_BASE_URL = search.url;
      await benchOneSearch(cli, search.url);
      await benchSearchAll(cli, search.url);
      await benchMcp(cli, search.url);
      await benchDeskPage(cli, search.url);
      await benchService(search.url);
    } finally {
      await search.stop();
    }
    await benchSearchAllLatency(cli);
    const listings = [];
    for (const size of PLAN.listSizes) listings.push(await benchListing(cli, size));
    for (const [index, result] of listings.entries()) {
      addListingRows(result, index === listings.length - 1, listings[0] === result ? undefined : listings[0]);
    }
    await benchCompressedListing(cli, PLAN.listSizes[PLAN.listSizes.length - 1]);
    const [runs, warmup, jqFilter] = [PLAN.listRuns, PLAN.listWarmup, JQ_FILTER];
    const rssRuns = PLAN.rssRuns;
    await benchDefaultListing({ cli, routes: PLAN.listSizes[0], runs, warmup, rssRuns, jqFilter, addRow, warn, step });
    await benchTerminalTable(cli);
  } finally {
    rmSync(configDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
  writeResults(started);
}

function writeResults(started) {
  const table = renderTable(rows);
  const met = rows.filter((row) => row.met !== undefined);
  const document = [
    `# Benchmark results${QUICK ? ' (BENCH_QUICK)' : ''}${ONLY ? ` (BENCH_ONLY=${ONLY.join(',')})` : ''}`,
    '',
    `- Date: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC; run took ${Math.round((Date.now() - started) / 1000)} s`,
    `- Node ${process.version}; machine: ${machineSummary()}`,
    `- Timing: ${harnessName() === 'hyperfine' ? `${toolVersion('hyperfine')} (medians; start-up and one search: warm-up then ${PLAN.startRuns} rounds, listing ${PLAN.listRuns} rounds, the commands of a group taking turns so that a burst of load elsewhere hits them alike)` : `Node harness (warm-up, then ${PLAN.startRuns} alternated runs; listing ${PLAN.listRuns})`}; peak RSS: ${rssMethod()}, median of ${PLAN.rssRuns}; load: ${loadTool()}, median of ${PLAN.loadRuns} runs of ${PLAN.loadSeconds} s, each after a 2 s warm-up`,
    `- Tools: ${toolVersion('curl').split(' ').slice(0, 2).join(' ')}; ${toolVersion('jq')}`,
    '- Everything runs on this machine against `motoroute serve --seed 1` on 127.0.0.1 (listing in Form B, which carries layovers).',
    '- motoroute loads its bundles with Node\'s compile cache (module.enableCompileCache), kept in a directory of this run: the warm-up runs write it, as a first run does for a user; "same, without the compile cache" is a run without it.',
    `- jq filter: \`${JQ_FILTER}\` (exact names: equivalent on this data, and the run checks that jq, the bound and motoroute count the same trips; jq 1.6's ascii_downcase would add ~15 s per million routes)`,
    `- Targets met: ${met.filter((row) => row.met).length} of ${met.length}`,
    ...(QUICK
      ? [
          '- Quick run: the 1,000,000-route targets are checked on the largest quick size, where start-up weighs more; only a full run decides.',
        ]
      : []),
    ...(warnings.length > 0 ? ['', ...warnings.map((message) => `**Warning:** ${message}`)] : []),
    '',
    table,
    '',
  ].join('\n');
  const out = ONLY
    ? join(BENCH, '.snapshot', `RESULTS-${ONLY.join('-')}.md`)
    : QUICK
      ? join(BENCH, '.snapshot', 'RESULTS-quick.md')
      : join(BENCH, 'RESULTS.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, document);
  process.stdout.write(`${table}\n\nWritten to ${out}\n`);
}

await main();
