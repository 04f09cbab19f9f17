// One search as a bare script with Node's global fetch: one GET, `await response.json()`, its trips printed as JSON.
// Usage: node fetch-get.mjs URL
const url = process.argv[2];
if (!url) throw new Error('usage: fetch-get.mjs URL');
const response = await fetch(url);
const page = await response.json();
process.stdout.write(`${JSON.stringify(page.routes ?? page)}\n`);
