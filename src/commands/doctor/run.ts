import type { RouteClient } from '../../client/client.js';
import type { Context } from '../../cli/context.js';
import { ExitCode } from '../../errors.js';
import { createStderrColors, createColors } from '../../output/colors.js';
import { createSpinner } from '../../output/progress.js';
import { createRowWriter, printJson } from '../../output/writer.js';
import { deriveBases } from './bases.js';
import type { DoctorCheck } from './check.js';
import { runChecks } from './checks.js';
import { Probe } from './probe.js';
import { doctorReport, renderChecklist } from './report.js';

/** Runs every check against the configured service, prints the result, and returns the exit code (0, 1, or 3 when nothing answered). */
export async function runDoctor(ctx: Context): Promise<number> {
  const [client, settings] = await Promise.all([ctx.client(), ctx.output()]);
  const bases = deriveBases(client.baseUrl);
  const clients = new Map<string, Promise<RouteClient>>([[bases.inUse, Promise.resolve(client)]]);
  const clientAt = (base: string): Promise<RouteClient> => {
    let found = clients.get(base);
    if (!found) clients.set(base, (found = ctx.clientFor(base)));
    return found;
  };

  const spinner = createSpinner(settings, ctx.stderr, `Checking ${bases.inUse}…`);
  let findings: Awaited<ReturnType<typeof runChecks>>;
  try {
    findings = await runChecks(new Probe(clientAt), bases, Number(ctx.setting('rate').value));
  } finally {
    spinner.stop();
  }
  const { checks, unreachable } = findings;

  const report = doctorReport(bases.inUse, checks);
  if (settings.format === 'json') {
    await printJson(report, settings, ctx.stdout);
  } else if (settings.format === 'ndjson' || ctx.globals.format === 'csv' || ctx.globals.format === 'tsv') {
    // Rows only when a row format was asked for by name; piped output otherwise keeps the readable checklist.
    const writer = createRowWriter(settings, CHECK_COLUMNS, ctx.stdout);
    for (const check of checks) await writer.write(check);
    await writer.end();
  } else {
    ctx.stdout.write(renderChecklist(bases.inUse, checks, createColors(settings)));
  }

  if (unreachable) {
    const red = createStderrColors(settings).red;
    ctx.stderr.write(
      `${red('Error:')} nothing answered at ${bases.inUse}; check the address (--base-url, MOTOROUTE_BASE_URL or config base-url) and the network.\n` +
        'To try motoroute offline, add --sandbox (a local service with sample trips): motoroute --sandbox doctor\n',
    );
    return ExitCode.network;
  }
  return report.ok ? ExitCode.ok : ExitCode.service;
}

const CHECK_COLUMNS = [
  { key: 'name', header: 'CHECK', table: (check: DoctorCheck) => check.name, raw: (check: DoctorCheck) => check.name },
  {
    key: 'ok',
    header: 'OK',
    table: (check: DoctorCheck) => String(check.level !== 'fail'),
    raw: (check: DoctorCheck) => check.level !== 'fail',
  },
  {
    key: 'level',
    header: 'LEVEL',
    table: (check: DoctorCheck) => check.level,
    raw: (check: DoctorCheck) => check.level,
  },
  {
    key: 'ms',
    header: 'MS',
    table: (check: DoctorCheck) => String(check.ms ?? ''),
    raw: (check: DoctorCheck) => check.ms,
  },
  {
    key: 'detail',
    header: 'DETAIL',
    table: (check: DoctorCheck) => check.detail,
    raw: (check: DoctorCheck) => check.detail,
  },
];
