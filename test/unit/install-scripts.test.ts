import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm 11 runs a dependency's install scripts only when package.json's allowScripts names it, and warns about
// the others at every `npm install`; a later npm skips them, and esbuild without its postinstall breaks the
// build that `npm install` runs (prepare). Every installed package with an install script must be declared.

const ROOT = new URL('../../', import.meta.url).pathname;

interface Manifest {
  name?: string;
  version?: string;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Every package directory under node_modules, nested ones and scoped ones included. */
function packageDirs(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = join(modules, entry.name);
      if (entry.name.startsWith('@')) return packageDirs(dir);
      return existsSync(join(dir, 'package.json')) ? [dir, ...packageDirs(join(dir, 'node_modules'))] : [];
    });
}

/** npm's install scripts: preinstall, install and postinstall, and node-gyp's implicit one for a binding.gyp. */
function hasInstallScript(dir: string, manifest: Manifest): boolean {
  const scripts = manifest.scripts ?? {};
  return (
    ['preinstall', 'install', 'postinstall'].some((name) => scripts[name] !== undefined) ||
    existsSync(join(dir, 'binding.gyp'))
  );
}

describe('install scripts', () => {
  it('every installed package with an install script is declared in allowScripts (esbuild among them)', () => {
    const allowed = readManifest(ROOT).allowScripts ?? {};
    const withScripts = packageDirs(join(ROOT, 'node_modules'))
      .map((dir) => ({ dir, manifest: readManifest(dir) }))
      .filter(({ dir, manifest }) => hasInstallScript(dir, manifest))
      .map(({ manifest }) => ({ name: manifest.name ?? '', version: manifest.version ?? '' }));
    expect(withScripts.map((pkg) => pkg.name)).toContain('esbuild');
    const undeclared = withScripts.filter(
      ({ name, version }) => allowed[name] === undefined && allowed[`${name}@${version}`] === undefined,
    );
    expect(undeclared).toEqual([]);
    expect(allowed.esbuild).toBe(true);
  });
});
