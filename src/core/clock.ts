import { franceMoment, type FranceMoment } from '../domain/france-time.js';

/** The service's clock: the instant now, read as France reads it (the service is French), whatever the host's zone. */
export interface ServiceClock {
  now(): Date;
  /** France's date and time now. */
  moment(): FranceMoment;
  /** France's date now, YYYY-MM-DD: what `today` means to the service. */
  today(): string;
}

/** A clock on `now` (the system's by default). */
export function createClock(now: () => Date = () => new Date()): ServiceClock {
  return {
    now,
    moment: () => franceMoment(now()),
    today: () => franceMoment(now()).date,
  };
}

/**
 * The clock of a run: the system's, or the instant in MOTOROUTE_NOW (ISO 8601, for tests and demos against
 * fixed data); an unreadable MOTOROUTE_NOW is ignored, like the other test-only variables.
 */
export function clockFromEnvironment(env: NodeJS.ProcessEnv): ServiceClock {
  const fixed = env.MOTOROUTE_NOW ? new Date(env.MOTOROUTE_NOW) : undefined;
  if (fixed === undefined || Number.isNaN(fixed.getTime())) return createClock();
  // A fixed start that runs on, so that waits and intervals still pass.
  const offset = fixed.getTime() - Date.now();
  return createClock(() => new Date(Date.now() + offset));
}
