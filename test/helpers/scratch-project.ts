import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  link?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

const ROOT = new URL('../../', import.meta.url);

/**
 * Writes a project into `dir` that depends on the packed `tarball` only, with a lockfile taken from
 * ours (the runtime dependencies, at the versions `npm ci` put in the npm cache): `npm ci --offline`
 * then installs it as a user's `npm install motoroute` would, without asking the registry anything.
 */
export function writeScratchProject(dir: string, tarball: string): void {
  const ours = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', ROOT), 'utf8')) as Lockfile;
  const spec = `file:${join('..', basename(tarball))}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'scratch', dependencies: { [ours.name]: spec } },
    [`node_modules/${ours.name}`]: {
      version: ours.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: 'MIT',
      dependencies: ours.dependencies,
      bin: ours.bin,
      engines: ours.engines,
    },
  };
  // The runtime dependencies only: not the development ones, nor the private workspace (tools/node) with its optional Node.
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.link && !entry.optional) packages[path] = entry;
  }
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'scratch', private: true, dependencies: { [ours.name]: spec } }, null, 2)}\n`,
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: 'scratch', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}
