// Fails on a high or critical advisory in a package that ships: the package has no dependencies (everything it
// runs is bundled into dist/), so the audit reads every installed package and keeps the advisories of those the
// bundles hold (.bundled-packages.json, written by scripts/build.mjs) — a dev-only tool's advisory does not ship.
// When the registry offers no audit endpoint (some mirrors and proxies), says so instead of failing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let bundled;
try {
  bundled = new Set(JSON.parse(readFileSync('.bundled-packages.json', 'utf8')));
} catch {
  console.error('.bundled-packages.json is missing: run `npm run build` first (it lists the packages dist/ holds).');
  process.exit(1);
}
const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no report:\n${run.stderr}`);
  process.exit(1);
}
// npm reports an unreachable audit endpoint either as {error} or as the failed HTTP exchange itself.
const failure = report.statusCode ? report : report.error;
if (failure) {
  const text = failure.message || failure.summary || failure.code || 'unknown error';
  const unavailable = /audit endpoint|\b40[45]\b|ENOTFOUND|ECONNREFUSED|EAI_AGAIN/i.test(String(text));
  console.error(
    `npm audit could not ask the registry (${text})${unavailable ? '; no advisory data here, skipping.' : '.'}`,
  );
  process.exit(unavailable ? 0 : 1);
}
const shipped = Object.values(report.vulnerabilities ?? {}).filter((entry) => bundled.has(entry.name));
const serious = shipped.filter((entry) => entry.severity === 'high' || entry.severity === 'critical');
console.log(
  `npm audit of the ${bundled.size} bundled packages: ${shipped.length} with advisories, ${serious.length} high or critical${serious.length ? `: ${serious.map((entry) => entry.name).join(', ')}` : ''}`,
);
process.exit(serious.length > 0 ? 1 : 0);
