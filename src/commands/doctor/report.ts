import type { ChalkInstance } from 'chalk';
import { sanitiseText } from '../../output/sanitise.js';
import type { CheckLevel, DoctorCheck } from './check.js';

/** The `--json` document: stable names, `ok` per check (warnings are ok; a check not run is not), timings in ms. */
export interface DoctorReport {
  ok: boolean;
  base_url: string;
  checks: { name: string; ok: boolean; level: CheckLevel; ms: number | null; detail: string }[];
}

/** Builds the `--json` document of a run. */
export function doctorReport(baseUrl: string, checks: readonly DoctorCheck[]): DoctorReport {
  return {
    ok: checks.every((check) => isOk(check.level)),
    base_url: baseUrl,
    checks: checks.map(({ name, level, ms, detail }) => ({ name, ok: isOk(level), level, ms, detail })),
  };
}

const isOk = (level: CheckLevel) => level === 'pass' || level === 'warn';

const MARKS: Record<CheckLevel, string> = { pass: '✓', warn: '!', fail: '✗', skip: '-' };

/** The checklist for people: a mark, the title, the timing and what was found; colour only when `colors` has a level. */
export function renderChecklist(baseUrl: string, checks: readonly DoctorCheck[], colors: ChalkInstance): string {
  const tint: Record<CheckLevel, (text: string) => string> = {
    pass: colors.green,
    warn: colors.yellow,
    fail: colors.red,
    skip: colors.dim,
  };
  const titleWidth = Math.max(...checks.map((check) => check.title.length));
  const lines = checks.map((check) => {
    const timing = check.ms === null ? '     —' : `${String(check.ms).padStart(4)} ms`;
    const head = `${tint[check.level](MARKS[check.level])} ${check.title.padEnd(titleWidth)}  ${colors.dim(timing)}`;
    return `${head}  ${sanitiseText(check.detail)}`;
  });
  const failed = checks.filter((check) => check.level === 'fail').length;
  const warned = checks.filter((check) => check.level === 'warn').length;
  const ran = checks.filter((check) => check.level !== 'skip').length;
  const notRun = checks.length - ran;
  const summary =
    failed > 0
      ? colors.red(
          notRun === 0
            ? `${failed} of ${checks.length} checks failed.`
            : `${failed} of ${ran} check${ran > 1 ? 's' : ''} run failed; ${notRun} not run: they need an answer from the service.`,
        )
      : colors.green(
          `All ${checks.length} checks passed${warned > 0 ? ` (${warned} warning${warned > 1 ? 's' : ''})` : ''}.`,
        );
  return `Checking ${sanitiseText(baseUrl)}\n${lines.join('\n')}\n${summary}\n`;
}
