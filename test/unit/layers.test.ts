import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The directions of ARCHITECTURE.md, checked: each layer folder of src/ may import only the layers listed here
// (and the root's errors.ts and version.ts). The faces (commands/, mcp/, the library's index.ts) reach the
// rules through core/; core/ never reaches a face.
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  client: ['domain'],
  booking: ['domain'],
  core: ['client', 'booking', 'domain'],
  output: ['client', 'domain'],
  config: ['output', 'domain'],
  server: ['domain'],
  notify: ['core', 'domain'],
  mcp: ['core', 'client', 'booking', 'domain', 'output'],
  desk: ['core', 'client', 'booking', 'domain', 'output', 'config'],
  commands: ['core', 'client', 'booking', 'domain', 'output', 'config', 'cli', 'server', 'mcp', 'notify', 'desk'],
  cli: ['commands', 'core', 'client', 'config', 'output', 'server', 'domain'],
};
const LIBRARY_ENTRY_LAYERS = ['client', 'core', 'domain'];

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The layers (top folders of src/) a file imports, other than its own. */
function importedLayers(file: string): string[] {
  const own = relative(SRC, file).split('/')[0];
  const layers = new Set<string>();
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = relative(SRC, join(file, '..', match[1] ?? ''));
    const [layer, ...rest] = target.split('/');
    if (layer && rest.length > 0 && layer !== own) layers.add(layer);
  }
  return [...layers];
}

describe('the layers of src/', () => {
  it('import only in the directions ARCHITECTURE.md gives', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const layer = relative(SRC, file).split('/')[0] ?? '';
      const allowed = ALLOWED[layer];
      if (allowed === undefined) continue;
      for (const imported of importedLayers(file))
        if (!allowed.includes(imported)) wrong.push(`${relative(SRC, file)} imports ${imported}/`);
    }
    expect(wrong).toEqual([]);
  });

  it('has no layer folder the table above does not name', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !(name in ALLOWED))).toEqual([]);
  });

  it('gives the library entry the client, the core and the domain only', () => {
    const imported = importedLayers(join(SRC, 'index.ts'));
    expect(imported.filter((layer) => !LIBRARY_ENTRY_LAYERS.includes(layer))).toEqual([]);
  });
});
