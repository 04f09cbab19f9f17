import { Chalk, type ChalkInstance } from 'chalk';
import type { OutputSettings } from './settings.js';

/** A chalk instance for stdout that colours only when the settings allow it. */
export function createColors(settings: Pick<OutputSettings, 'color' | 'colorLevel'>): ChalkInstance {
  return new Chalk({ level: settings.color ? settings.colorLevel : 0 });
}

/** A chalk instance for stderr (messages, warnings) that colours only when the settings allow it. */
export function createStderrColors(settings: Pick<OutputSettings, 'stderrColor'>): ChalkInstance {
  return new Chalk({ level: settings.stderrColor ? 1 : 0 });
}
