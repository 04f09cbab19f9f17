import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The library's built entries, read as files: what each loads, by the module comments esbuild leaves
// (`// node_modules/undici/…`, `// src/client/http.ts`), following the ES module graph through its chunks.

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const CLI_ONLY_PACKAGES = ['commander', 'chalk', 'ora', 'cli-table3', '@inquirer', 'conf', 'open', '@e965/xlsx'];
const LIBRARY_LAYERS = ['client', 'core', 'domain', 'booking', 'server', 'errors.ts', 'version.ts', 'index.ts'];

interface Graph {
  files: string[];
  /** node_modules packages and src/ layers (first path segment) whose code is in the files. */
  packages: Set<string>;
  layers: Set<string>;
  /** Specifiers loaded from outside the package (only node: built-ins are expected). */
  external: Set<string>;
}

function readGraph(entry: string): Graph {
  const graph: Graph = { files: [], packages: new Set(), layers: new Set(), external: new Set() };
  const queue = [join(DIST, entry)];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (graph.files.includes(file)) continue;
    graph.files.push(file);
    const code = readFileSync(file, 'utf8');
    for (const [, name] of code.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/\n]+)/gm))
      graph.packages.add(name as string);
    for (const [, layer] of code.matchAll(/^\/\/ src\/([^/\n]+)/gm)) graph.layers.add(layer as string);
    // esbuild writes specifiers in double quotes; the bundled packages' JSDoc (`import('../types')`) uses single ones.
    const specifiers = [
      ...code.matchAll(
        /(?:^(?:import|export)\s[^;\n]*?from\s*|^import\s*|^\}\s*from\s*|\bimport\(|\brequire\()"([\w@./:-]+)"/gm,
      ),
    ].map((match) => match[1] as string);
    for (const specifier of specifiers) {
      if (specifier.startsWith('./') || specifier.startsWith('../')) queue.push(join(dirname(file), specifier));
      else graph.external.add(specifier);
    }
  }
  return graph;
}

const ENTRIES = ['index.js', 'index.cjs', 'booking.js', 'booking.cjs', 'server.js', 'server.cjs'];

describe('the library entries', () => {
  it.each(ENTRIES)(
    '%s loads no CLI-only package and no CLI layer, and nothing from node_modules at run time',
    (entry) => {
      const graph = readGraph(entry);
      expect(graph.layers.size).toBeGreaterThan(0);
      expect(
        [...graph.packages].filter((name) =>
          CLI_ONLY_PACKAGES.some((cli) => name === cli || name.startsWith(`${cli}/`)),
        ),
      ).toEqual([]);
      expect([...graph.layers].filter((layer) => !LIBRARY_LAYERS.includes(layer))).toEqual([]);
      expect([...graph.external].filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
    },
  );

  it('keeps motoroute/booking light: no HTTP client, no zod, no local service', () => {
    for (const entry of ['booking.js', 'booking.cjs']) {
      const graph = readGraph(entry);
      expect([...graph.packages]).toEqual([]);
      expect([...graph.layers].sort()).toEqual(['booking', 'domain', 'errors.ts']);
      expect(graph.files.map((file) => relative(DIST, file)).filter((file) => file.includes('agent'))).toEqual([]);
    }
  });

  it.each(ENTRIES)(
    '%s names no command-line flag in a string of its own code (errors speak of fields and options)',
    (entry) => {
      const graph = readGraph(entry);
      const flags: string[] = [];
      for (const file of graph.files) {
        let ours = false;
        for (const line of readFileSync(file, 'utf8').split('\n')) {
          if (/^\/\/ (src|node_modules)\//.test(line)) ours = line.startsWith('// src/');
          if (!ours || /^\s*(\/\/|\/?\*)/.test(line)) continue;
          const flag = /["'`][^"'`]*?(?<![\w-])(--[a-z][a-z-]+)/.exec(line);
          if (flag) flags.push(`${relative(DIST, file)}: ${flag[1]}`);
        }
      }
      expect(flags).toEqual([]);
    },
  );

  // Any runtime with fetch runs them (Deno, Bun, workers, browsers): nothing Node-only, not even behind an import().
  it.each(['index.js', 'booking.js'])(
    '%s and every chunk it loads hold no node: import, no require, no undici and no Buffer',
    (entry) => {
      const graph = readGraph(entry);
      expect(graph.files.length).toBeGreaterThan(0);
      expect([...graph.external]).toEqual([]);
      expect([...graph.packages].filter((name) => name === 'undici')).toEqual([]);
      for (const file of graph.files) {
        // Doc comments kept in the bundle may show a require() to CommonJS users; only code counts.
        const code = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
          .join('\n');
        expect({ file: relative(DIST, file), nodeImports: code.match(/["']node:[\w/]+["']/g) ?? [] }).toEqual({
          file: relative(DIST, file),
          nodeImports: [],
        });
        expect({
          file: relative(DIST, file),
          requires: /\brequire\s*\(/.test(code),
          undici: /undici/i.test(code),
          buffer: /\bBuffer\b/.test(code),
        }).toEqual({
          file: relative(DIST, file),
          requires: false,
          undici: false,
          buffer: false,
        });
      }
    },
  );

  it('keeps the local service out of motoroute and the client out of motoroute/server', () => {
    expect(readGraph('index.js').layers.has('server')).toBe(false);
    expect(readGraph('server.js').layers.has('client')).toBe(false);
  });
});
