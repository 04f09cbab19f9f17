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
require('../dist/cli.cjs');
