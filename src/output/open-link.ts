import type { ChildProcess } from 'node:child_process';

/** What became of an attempt to open a link: opened, skipped on purpose (MOTOROUTE_NO_OPEN), or failed with a reason. */
export type OpenOutcome =
  | { kind: 'opened' }
  | { kind: 'skipped' }
  /** `stopped`: how the opener ended, when it ran (for a face to word it in its language); `reason` says it in English. */
  | { kind: 'failed'; reason: string; stopped?: { code: number | null; signal: NodeJS.Signals | null } };

/** The environment variable that turns `--open` into a dry run printing "would open: …" (tests, demos, headless machines). */
export const NO_OPEN_VARIABLE = 'MOTOROUTE_NO_OPEN';

// A handler normally hands off and exits at once; past this, a still-running opener is taken as a success.
const SETTLE_MS = 3000;

/** True when MOTOROUTE_NO_OPEN asks for a dry run (any value but empty, 0 or false). */
export function openIsDisabled(env: NodeJS.ProcessEnv): boolean {
  const value = env[NO_OPEN_VARIABLE]?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Opens a link with the desktop's handler through the `open` package (no shell involved). Never throws:
 * a missing handler (no xdg-open, no mail client) or a non-zero exit is reported as `failed`.
 */
export async function openLink(link: string, env: NodeJS.ProcessEnv): Promise<OpenOutcome> {
  if (openIsDisabled(env)) return { kind: 'skipped' };
  try {
    const { default: open } = await import('open');
    const child = await open(link, { wait: false });
    return await settle(child);
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

function settle(child: ChildProcess): Promise<OpenOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.unref();
      resolve({ kind: 'opened' });
    }, SETTLE_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ kind: 'failed', reason: error.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ kind: 'opened' });
      else
        resolve({
          kind: 'failed',
          reason: signal ? `the opener was stopped by ${signal}` : `the opener exited with code ${code}`,
          stopped: { code, signal },
        });
    });
  });
}
