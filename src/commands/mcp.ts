import { defineCommand } from './define.js';

/** `motoroute mcp`: the route search as tools for AI assistants, a Model Context Protocol server on stdio. */
export const mcpCommand = defineCommand({
  name: 'mcp',
  runsUntilStopped: true,
  summary: 'serve the route search as tools for AI assistants (Model Context Protocol, stdio)',
  examples: ['motoroute mcp', 'motoroute --sandbox mcp', 'npx -y motoroute mcp'],
  details: [
    'An MCP server on stdin/stdout for assistants such as Claude, VS Code or Cursor. Tools: search_routes, cities_near,',
    'price_calendar, route_details, get_booking_url, draft_booking_email (a draft: nothing is ever sent), search_batch;',
    'prompt: plan_trip. stdout carries protocol messages only; notes go to stderr. The global options and the config',
    'file apply (--base-url, --legacy, --sandbox, --lang, --timeout, --concurrency). It stops when stdin closes.',
  ].join('\n'),
  async run(_input, ctx) {
    const { runMcpServer } = await import('../mcp/index.js');
    // Started now, not on the first call: a bad base URL is refused at once, and --sandbox says where it listens before any call.
    await ctx.client();
    const settings = {
      client: () => ctx.client(),
      lang: ctx.setting('lang').value,
      bookingEmail: ctx.setting('booking-email').value,
      bookingUrl: ctx.setting('booking-url').value,
      quoteUrl: ctx.setting('quote-url').value,
      env: ctx.io.env,
    };
    await runMcpServer(settings, { stdin: ctx.io.stdin, stdout: ctx.stdout, note: (message) => ctx.note(message), signal: ctx.signal });
  },
});
