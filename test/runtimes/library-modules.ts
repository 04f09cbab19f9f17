import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

// The files the runtime tests hand to workerd and Chromium: the library as built (npm test builds dist/
// before vitest runs), the shared scenario with its types stripped, and the hosts' own fixtures.

/** The repository's root: module names and page paths are relative to it (`dist/index.js`). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = 'test/runtimes/fixtures';
/** The scenario as a runtime imports it, next to the hosts that import it. */
export const SCENARIO_MODULE = `${FIXTURES}/scenario.js`;

/** The built library's ES modules reachable from these entries (`dist/index.js`…) by relative imports, static or dynamic. */
export function libraryModules(entries: readonly string[]): string[] {
  const missing = entries.filter((entry) => !existsSync(join(ROOT, entry)));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} not built: run npm run build first (npm test does)`);
  const found: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (found.includes(file)) continue;
    found.push(file);
    const code = readFileSync(join(ROOT, file), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s*)"(\.{1,2}\/[^"]+)"/gm)) {
      queue.push(relative(ROOT, join(ROOT, dirname(file), specifier as string)));
    }
  }
  return found;
}

/** The shared scenario (fixtures/scenario.ts) as plain JavaScript. */
export function scenarioSource(): string {
  const source = readFileSync(join(ROOT, FIXTURES, 'scenario.ts'), 'utf8');
  return transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022' }).code;
}

/** A fixture's text (`worker.js`, `page.html`). */
export function fixture(name: string): string {
  return readFileSync(join(ROOT, FIXTURES, name), 'utf8');
}

/** Where a fixture lives, relative to the root. */
export function fixturePath(name: string): string {
  return `${FIXTURES}/${name}`;
}
