#!/usr/bin/env node
// A fresh clone has no dist/ until something builds it (`npm test` does; nothing runs at `npm install`, so that
// the published package carries no install script): the first run builds it, so `npm start` works right away.
try {
  require.resolve('../dist/cli.cjs');
} catch {
  const { join } = require('node:path');
  require('node:child_process').execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'build.mjs')], {
    stdio: ['ignore', 2, 2],
  });
}
require('../dist/cli.cjs');
