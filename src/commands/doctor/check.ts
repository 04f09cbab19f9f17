/** How a check ended: passed, passed with something to know, failed, or not run (an earlier check failed). */
export type CheckLevel = 'pass' | 'warn' | 'fail' | 'skip';

/** One line of the doctor's checklist. */
export interface DoctorCheck {
  /** Stable machine name (the `name` of --json). */
  name: string;
  /** What was checked, for people. */
  title: string;
  level: CheckLevel;
  /** Milliseconds the check's requests took; null when it sent nothing of its own. */
  ms: number | null;
  /** What was found, in one sentence (may quote the service: sanitise before printing outside JSON). */
  detail: string;
}

/** The outcome of an inspection, before it is named and timed. */
export interface Verdict {
  level: CheckLevel;
  detail: string;
}

/** A passed verdict. */
export const pass = (detail: string): Verdict => ({ level: 'pass', detail });
/** A warning verdict: worth knowing, not a failure. */
export const warn = (detail: string): Verdict => ({ level: 'warn', detail });
/** A check that could not run: what it needed failed first. */
export const skip = (detail: string): Verdict => ({ level: 'skip', detail });
/** A failed verdict. */
export const fail = (detail: string): Verdict => ({ level: 'fail', detail });
