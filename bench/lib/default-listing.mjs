// `list --from Paris --to Marseille` on the local service's default listing (records of both forms mixed, as the
// service's description allows), beside curl | jq, with the requests each side made (issue 39): on this listing
// `list` completes the records that leave out stopovers, through the batch endpoint, in a handful of requests.
import { execFileSync } from 'node:child_process';
import { formatMs, formatRatio } from './report.mjs';
import { startService } from './service.mjs';
import { timeCommands } from './timing.mjs';

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
export async function benchDefaultListing({ cli, routes, runs, warmup, jqFilter, addRow, warn, step }) {
  step(`list on the default (mixed) listing, ${routes.toLocaleString('en')} routes`);
  const node = process.execPath;
  const service = await startService(cli, routes, ['--control']);
  try {
    const origin = service.url.replace(/\/v1$/, '');
    const list = `${q(node)} ${q(cli)} --base-url ${q(service.url)} list --from Paris --to Marseille --format ndjson`;
    const search = `${q(node)} ${q(cli)} --base-url ${q(service.url)} search --from Paris --to Marseille --all --format ndjson`;
    const curlJq = `curl -s ${q(`${service.url}/route/get/results`)} | jq ${q(jqFilter)}`;
    takeRequests(origin);
    const listed = capture(list).split('\n').filter(Boolean);
    const listRequests = takeRequests(origin);
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
    const [jq, motoroute] = await timeCommands(
      [
        { name: 'curl | jq', shell: curlJq },
        { name: 'list', shell: list },
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
    addRow({
      group,
      command: `\`motoroute list --from Paris --to Marseille --format ndjson\` (${listed.length.toLocaleString('en')} trips, as search --all; ${listRequests} requests)`,
      median: formatMs(motoroute.median),
      ratio: `${formatRatio(ratio)} curl | jq`,
      target: '≤ 10 requests, the same trips as search --all',
      met: listRequests <= 10 && ids(listed) === ids(searched),
    });
  } finally {
    await service.stop();
  }
}
