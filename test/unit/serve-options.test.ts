import { describe, expect, it } from 'vitest';
import { SERVE_OPTIONS, parseServeOptions } from '../../src/commands/serve.js';
import { UsageError } from '../../src/errors.js';
import { optionValues } from '../helpers/options.js';

/** The flags as typed, read by their kinds, then turned into the local service's options. */
const parse = (flags: Record<string, string | true>) => parseServeOptions(optionValues(SERVE_OPTIONS, flags));

const refused = (flags: Record<string, string | true>, message: RegExp) => {
  expect(() => parse(flags)).toThrow(UsageError);
  expect(() => parse(flags)).toThrow(message);
};

describe('serve: deviation flags', () => {
  it('leaves every deviation off without its flag', () => {
    expect(parse({})).toMatchObject({
      compress: undefined,
      bom: false,
      movedTo: undefined,
      movedStatus: undefined,
      extraFields: false,
      brokenRate: undefined,
      looseTypes: false,
      sparseEnvelope: false,
      jobResultShape: undefined,
      askShape: undefined,
      textPlain: false,
    });
  });

  it('--compress: bare means gzip; gzip, deflate and br by name; nothing else', () => {
    expect(parse({ compress: true }).compress).toBe('gzip');
    for (const encoding of ['gzip', 'deflate', 'br']) expect(parse({ compress: encoding }).compress).toBe(encoding);
    refused({ compress: 'zstd' }, /^--compress: "zstd" must be one of gzip, deflate, br\.$/);
  });

  it('the switches', () => {
    expect(
      parse({ bom: true, extraFields: true, looseTypes: true, sparseEnvelope: true, textPlain: true }),
    ).toMatchObject({
      bom: true,
      extraFields: true,
      looseTypes: true,
      sparseEnvelope: true,
      textPlain: true,
    });
  });

  it('--moved-to takes a path prefix; --moved-status one of the redirect statuses, with --moved-to only', () => {
    expect(parse({ movedTo: '/api/v1' })).toMatchObject({ movedTo: '/api/v1', movedStatus: undefined });
    expect(parse({ movedTo: '/api/v1', movedStatus: '307' })).toMatchObject({ movedTo: '/api/v1', movedStatus: 307 });
    refused({ movedTo: 'api' }, /^--moved-to: must be a path such as \/api\/v1/);
    refused({ movedTo: '/v1' }, /^--moved-to: must not start with \/v1/);
    refused(
      { movedTo: '/api/v1', movedStatus: '304' },
      /^--moved-status: "304" must be one of 301, 302, 303, 307, 308\.$/,
    );
    refused({ movedStatus: '301' }, /^--moved-status needs --moved-to/);
  });

  it('--broken-rate is a share from 0 to 1', () => {
    expect(parse({ brokenRate: '0.25' }).brokenRate).toBe(0.25);
    for (const value of ['1.5', '-0.1', 'some', ''])
      refused({ brokenRate: value }, /^--broken-rate: ".*" must be a number from 0 to 1\.$/);
  });

  it('--job-result-shape and --ask-shape take their words', () => {
    for (const shape of ['page', 'routes-total', 'routes', 'results', 'array', 'other'])
      expect(parse({ jobResultShape: shape }).jobResultShape).toBe(shape);
    for (const shape of ['answer', 'text', 'message', 'response', 'json'])
      expect(parse({ askShape: shape }).askShape).toBe(shape);
    refused(
      { jobResultShape: 'list' },
      /^--job-result-shape: "list" must be one of page, routes-total, routes, results, array, other\.$/,
    );
    refused({ askShape: 'reply' }, /^--ask-shape: "reply" must be one of answer, text, message, response, json\.$/);
  });

  it('--cors lets other origins in; off without it', () => {
    expect(parse({}).cors).toBe(false);
    expect(parse({ cors: true }).cors).toBe(true);
  });

  it('gives options the local service accepts', async () => {
    const { startServer } = await import('../../src/server/index.js');
    const server = await startServer({
      ...parse({
        compress: 'br',
        bom: true,
        movedTo: '/api/v1',
        movedStatus: '302',
        brokenRate: '0.1',
        jobResultShape: 'array',
        askShape: 'json',
      }),
      routes: 10,
    });
    await server.close();
  });
});
