// Which outside tools this machine has (hyperfine, wrk, jq, curl, GNU time).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const known = new Map();

/** True when `name` runs from PATH (or, for an absolute path, exists). */
export function hasTool(name) {
  if (!known.has(name)) {
    known.set(
      name,
      name.startsWith('/')
        ? existsSync(name)
        : spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0,
    );
  }
  return known.get(name);
}

/** The first line a tool prints for `--version` (or `-V`), for the results header. */
export function toolVersion(name, flag = '--version') {
  if (!hasTool(name)) return 'absent';
  const result = spawnSync(name, [flag], { encoding: 'utf8' });
  return `${result.stdout || result.stderr}`.split('\n')[0].trim();
}
