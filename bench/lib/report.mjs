// The one results table (markdown) and the RESULTS.md around it.
import { cpus, totalmem, release } from 'node:os';

/** Milliseconds as `123 ms` or `4.56 s`. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

/** A ratio as `1.23×`. */
export function formatRatio(ratio) {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a';
}

const HEADERS = ['Benchmark', 'Command', 'Median', 'MB/s', 'Peak RSS', 'Ratio', 'Target', 'Met'];

/** Renders rows ({ group, command, median, mbps, rss, ratio, target, met }) as one markdown table. */
export function renderTable(rows) {
  const cell = (value) => String(value ?? '').replace(/\|/g, '\\|');
  const lines = [
    `| ${HEADERS.join(' | ')} |`,
    `|${HEADERS.map((_, i) => (i >= 2 && i <= 5 ? '---:' : '---')).join('|')}|`,
  ];
  for (const row of rows) {
    const met = row.met === undefined ? '' : row.met ? '✓' : '✗';
    lines.push(
      `| ${[row.group, row.command, row.median, row.mbps, row.rss, row.ratio, row.target, met].map(cell).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** The machine, for the results header: CPU model, cores, memory, kernel. */
export function machineSummary() {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Linux ${release()}`;
}
