// The entry of the start-up snapshot experiment (bench/snapshot/run.mjs), built with
// `node --snapshot-blob BLOB --build-snapshot entry.cjs`. A snapshot's builder may require only Node's own modules, so
// dist/mcp.cjs (the SDK and our server, one bundle) is compiled here with node:vm; the few files it requires from
// node_modules (ajv's runtime) through a require of its own. With MCP_SNAPSHOT_WARM=1, one real initialize and one
// real server/discover are served through in-memory streams before the snapshot is taken, so the SDK's schemas built
// on first use are in it; nothing is answered from a stored reply. The deserialized process serves stdio as
// `motoroute mcp` does (without the CLI's settings: no service is called in the experiment).
'use strict';
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const { PassThrough } = require('node:stream');
const { startupSnapshot } = require('node:v8');
const { compileFunction } = require('node:vm');

const bundle = process.env.MCP_SNAPSHOT_BUNDLE;
const bundleRequire = createRequire(bundle);
const loaded = { exports: {} };
compileFunction(readFileSync(bundle, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], {
  filename: bundle,
})(loaded.exports, (id) => (id.startsWith('node:') ? require(id) : bundleRequire(id)), loaded, bundle, dirname(bundle));
const mcp = loaded.exports;

const settings = {
  client: async () => {
    throw new Error('the snapshot experiment calls no service');
  },
  lang: undefined,
  bookingEmail: undefined,
  bookingUrl: undefined,
  quoteUrl: undefined,
  greeting: undefined,
  signature: undefined,
  env: {},
};

function serve(stdin, stdout) {
  return mcp.runMcpServer(settings, {
    stdin,
    stdout,
    note: (message) => process.stderr.write(`${message}\n`),
    warn: (message) => process.stderr.write(`${message}\n`),
    signal: new AbortController().signal,
  });
}

if (process.env.MCP_SNAPSHOT_WARM === '1') {
  for (const line of JSON.parse(process.env.MCP_SNAPSHOT_WARM_LINES)) {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    stdout.resume();
    stdin.end(`${line}\n`);
    void serve(stdin, stdout);
  }
}

startupSnapshot.setDeserializeMainFunction(() => serve(process.stdin, process.stdout));
