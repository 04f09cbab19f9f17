#!/usr/bin/env node
'use strict';
// Checked before the bundles load: on an older Node they fail with a stack trace instead of this one line.
const MINIMUM = [22, 19];
const running = process.versions.node.split('.').map(Number);
if (running[0] < MINIMUM[0] || (running[0] === MINIMUM[0] && running[1] < MINIMUM[1])) {
  process.stderr.write(
    'Error: motoroute needs Node.js ' +
      MINIMUM.join('.') +
      ' or later; this is Node.js ' +
      process.version +
      ' (install a current one from https://nodejs.org).\n',
  );
  process.exit(1);
}
// A fresh clone has no dist/ until something builds it (`npm test` does; nothing runs at `npm install`, so that
// the published package carries no install script): the first run builds it, so `npm start` works right away.
try {
  require.resolve('../dist/cli.cjs');
} catch {
  const { join } = require('node:path');
  require('node:child_process').execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'build.mjs')], {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 2, 2],
  });
}
require('../dist/cli.cjs');
