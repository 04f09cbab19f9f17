import { readFileSync } from 'node:fs';

const HELP_FLAGS = new Set(['--help', '-h']);

/**
 * The help text of `motoroute [command…] --help` (or `help [command…]`), pre-rendered at build time
 * at 80 columns (scripts/render-help.ts): printing it needs neither commander nor the command
 * specs, which would double the start-up of the most-run command. Undefined when the cache is
 * missing (running from source) or the arguments are anything else.
 */
export function cachedHelp(argv: readonly string[]): string | undefined {
  let path: readonly string[];
  if (argv.length >= 1 && HELP_FLAGS.has(argv[argv.length - 1]!)) path = argv.slice(0, -1);
  else if (argv[0] === 'help') path = argv.slice(1);
  else return undefined;
  if (path.some((word) => word.startsWith('-'))) return undefined;
  let texts: Record<string, string>;
  try {
    texts = JSON.parse(readFileSync(new URL('./help.json', import.meta.url), 'utf8')) as Record<string, string>;
  } catch {
    return undefined;
  }
  return Object.hasOwn(texts, path.join(' ')) ? texts[path.join(' ')] : undefined;
}
