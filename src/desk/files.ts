import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { DeskFiles } from './server.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The page's files from one folder (the build's dist/desk/): only known types, never a path out of the folder. */
export function filesFrom(folder: string): DeskFiles {
  return async (path) => {
    const type = TYPES[extname(path)];
    const relative = normalize(decodeURIComponent(path)).replace(/^(\.\.(\/|$))+/, '');
    if (type === undefined || relative.includes('..') || relative.includes('\0')) return undefined;
    try {
      return { type, body: await readFile(join(folder, relative)) };
    } catch {
      return undefined;
    }
  };
}
