// Fails when two files of src/ import each other, directly or through others (madge). Madge also lists
// the imports it could not follow; a package is never part of a circle of ours (conf, for one, declares
// only "exports", which madge's resolver does not read), so only an unresolved file of src/ is an error.
import madge from 'madge';

const result = await madge('src', { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' });
const circles = result.circular();
const unresolved = result.warnings().skipped;
const ours = unresolved.filter((path) => path.startsWith('.') || path.startsWith('/'));
const files = Object.keys(result.obj()).length;

for (const circle of circles) console.error(`Circular import: ${circle.join(' -> ')}`);
for (const path of ours) console.error(`Import madge could not follow inside src/: ${path}`);
if (circles.length > 0 || ours.length > 0) process.exit(1);
const packages = unresolved.length > 0 ? ` (packages not followed, outside src/: ${unresolved.join(', ')})` : '';
console.log(`No circular import among ${files} files of src/${packages}.`);
