import type { BudgetCounts } from '../fair-budget.js';

/** How a tool call ended: answered, answered with an error, or stopped (deadline, rate budget, cancellation). */
export type CallOutcome = 'ok' | 'error' | 'deadline' | 'rate' | 'cancelled';

/** What one tool call did, as the server saw it. */
export interface CallRecord {
  tool: string;
  outcome: CallOutcome;
  /** Requests it started upstream. */
  upstream: number;
  ms: number;
}

// Seconds: a call answers within its deadline (25 s by default), most within one or two.
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60] as const;

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

/** What the server holds now: its sessions, and the trips of the listing read it keeps for a while. */
export interface HeldNow {
  open: number;
  halfOpen: number;
  listingTrips: number;
}

/** The server's counters, written in Prometheus' text format by hand: a few counters do not need a library. */
export class McpMetrics {
  readonly #calls = new Map<string, number>();
  readonly #latency = new Map<string, Histogram>();
  readonly #http = new Map<string, number>();

  constructor(
    readonly budget: BudgetCounts,
    readonly held: () => HeldNow,
  ) {}

  /** Counts a tool call: by tool and outcome, and its duration. */
  callEnded(record: CallRecord): void {
    const key = `tool="${label(record.tool)}",outcome="${record.outcome}"`;
    this.#calls.set(key, (this.#calls.get(key) ?? 0) + 1);
    const histogram = this.#latency.get(record.tool) ?? { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
    const seconds = record.ms / 1000;
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) histogram.counts[index] = (histogram.counts[index] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.#latency.set(record.tool, histogram);
  }

  /** Counts an HTTP request by its status. */
  httpAnswered(status: number): void {
    const key = `status="${status}"`;
    this.#http.set(key, (this.#http.get(key) ?? 0) + 1);
  }

  /** The Prometheus text exposition (version 0.0.4). */
  render(): string {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family(
      'motoroute_mcp_tool_calls_total',
      'counter',
      'Tool calls by tool and outcome (ok, error, deadline, rate, cancelled).',
    );
    for (const [labels, value] of this.#calls) lines.push(`motoroute_mcp_tool_calls_total{${labels}} ${value}`);
    family('motoroute_mcp_tool_call_seconds', 'histogram', 'Tool call duration in seconds, by tool.');
    for (const [tool, histogram] of this.#latency) {
      for (const [index, bound] of BUCKETS.entries()) {
        lines.push(
          `motoroute_mcp_tool_call_seconds_bucket{tool="${label(tool)}",le="${bound}"} ${histogram.counts[index]}`,
        );
      }
      lines.push(`motoroute_mcp_tool_call_seconds_bucket{tool="${label(tool)}",le="+Inf"} ${histogram.count}`);
      lines.push(`motoroute_mcp_tool_call_seconds_sum{tool="${label(tool)}"} ${histogram.sum}`);
      lines.push(`motoroute_mcp_tool_call_seconds_count{tool="${label(tool)}"} ${histogram.count}`);
    }
    family('motoroute_mcp_upstream_requests_total', 'counter', 'Requests started to the route service.');
    lines.push(`motoroute_mcp_upstream_requests_total ${this.budget.started}`);
    family(
      'motoroute_mcp_upstream_budget_waits_total',
      'counter',
      'Requests that had to wait for the upstream budget.',
    );
    lines.push(`motoroute_mcp_upstream_budget_waits_total ${this.budget.waited}`);
    family('motoroute_mcp_rate_refusals_total', 'counter', 'Tool calls refused for the upstream budget (retry later).');
    let refused = 0;
    for (const [labels, value] of this.#calls) if (labels.endsWith('outcome="rate"')) refused += value;
    lines.push(`motoroute_mcp_rate_refusals_total ${refused}`);
    const held = this.held();
    family('motoroute_mcp_sessions', 'gauge', 'Open sessions (Streamable HTTP).');
    lines.push(`motoroute_mcp_sessions ${held.open}`);
    family('motoroute_mcp_sessions_half_open', 'gauge', 'Sessions whose initialize was followed by nothing yet.');
    lines.push(`motoroute_mcp_sessions_half_open ${held.halfOpen}`);
    family(
      'motoroute_mcp_listing_trips_held',
      'gauge',
      'Trips of the listing read kept for look-ups (0 once its minute is over: an idle server holds none).',
    );
    lines.push(`motoroute_mcp_listing_trips_held ${held.listingTrips}`);
    family('motoroute_mcp_http_requests_total', 'counter', 'HTTP requests by status.');
    for (const [labels, value] of this.#http) lines.push(`motoroute_mcp_http_requests_total{${labels}} ${value}`);
    return `${lines.join('\n')}\n`;
  }
}

/** A label value as the text format wants it: backslash, quote and line break escaped. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
