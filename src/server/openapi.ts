/** The OpenAPI 3.1 description (version 1.1.0) of every endpoint, for a service at `origin`. */
export function openApiDocument(origin: string): Record<string, unknown> {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(ref('Error')) });
  const rateHeaders = Object.fromEntries(
    ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => [
      name,
      { schema: { type: 'integer' }, description: '0 means no limit is enforced' },
    ]),
  );
  const query = (name: string, schema: unknown, description: string, required = false) => ({
    name,
    in: 'query',
    required,
    schema,
    description,
  });
  const date = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
  const nullableNumber = { type: ['number', 'null'] };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Motorcycle Transport Route Search API',
      version: '1.1.0',
      description:
        'Upcoming motorcycle transport trips between French cities. Every endpoint is public and anonymous; booking is not available through the API.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: `${origin}/v1`, description: 'versioned' },
      { url: origin, description: 'legacy alias (unversioned)' },
    ],
    security: [],
    paths: {
      '/route/ai/search': {
        get: {
          operationId: 'searchRoutes',
          summary: 'Filtered, paginated search',
          description:
            'City filters are case- and accent-insensitive substrings that also match stopovers (a departure match must come before an arrival match); date bounds are inclusive; results are sorted by date then time.',
          parameters: [
            query('depart', { type: 'string' }, 'departure city (or stopover)'),
            query('arrival', { type: 'string' }, 'arrival city (or stopover)'),
            query('date_from', date, 'first date, inclusive'),
            query('date_to', date, 'last date, inclusive'),
            query('page', { type: 'integer', minimum: 1, default: 1 }, 'page number, 1-based'),
            query('limit', { type: 'integer', minimum: 1, maximum: 100, default: 50 }, 'results per page'),
          ],
          responses: {
            '200': { description: 'a page of routes', headers: rateHeaders, ...json(ref('SearchPage')) },
            '400': error('invalid parameter'),
            '500': error('internal error; retry with backoff'),
          },
        },
      },
      '/route/ai/jobs': {
        post: {
          operationId: 'createSearchJob',
          summary: 'Create an asynchronous search job',
          requestBody: { required: false, ...json(ref('SearchQuery')) },
          responses: {
            '202': { description: 'job accepted', ...json(ref('SearchJob')) },
            '400': error('invalid query'),
          },
        },
      },
      '/route/ai/jobs/{jobId}': {
        get: {
          operationId: 'getSearchJob',
          summary: 'Poll a search job',
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'the job; result is the search page once completed', ...json(ref('SearchJob')) },
            '404': error('unknown job'),
          },
        },
      },
      '/route/ai/batch': {
        post: {
          operationId: 'batchSearch',
          summary: 'Run up to 10 searches in one request',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', maxLength: 255 },
              description: 'the same key returns the stored result for 5 minutes',
            },
          ],
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              required: ['queries'],
              properties: { queries: { type: 'array', minItems: 1, maxItems: 10, items: ref('SearchQuery') } },
            }),
          },
          responses: {
            '200': {
              description: 'one entry per query',
              ...json({
                type: 'object',
                required: ['results', 'book_url'],
                properties: { results: { type: 'array', items: ref('BatchResult') }, book_url: { type: 'string' } },
              }),
            },
            '400': error('invalid request'),
            '422': error('Idempotency-Key reused with a different body'),
            '500': error('internal error'),
          },
        },
      },
      '/route/get/results': {
        get: {
          operationId: 'listRoutes',
          summary: 'Full listing of upcoming, published, non-full routes (large)',
          responses: {
            '200': {
              description: 'every route, in Form A or Form B',
              ...json({ type: 'array', items: { oneOf: [ref('RouteFormA'), ref('RouteFormB')] } }),
            },
            '500': error('internal error'),
          },
        },
      },
      '/route/cities-near': {
        get: {
          operationId: 'citiesNear',
          summary: 'Served cities near a named place',
          parameters: [
            query('location', { type: 'string', minLength: 1 }, 'a city, "City, Region, Country" or a region', true),
          ],
          responses: {
            '200': {
              description: 'nearest first; source says how the place was resolved (city:…, region:… or unknown)',
              ...json({
                type: 'object',
                required: ['cities', 'source'],
                properties: { cities: { type: 'array', items: ref('NearbyCity') }, source: { type: 'string' } },
              }),
            },
            '400': error('location missing'),
            '500': error('internal error'),
          },
        },
      },
      '/route/paris-marseille-cache': {
        get: {
          operationId: 'parisMarseilleCache',
          summary: 'Ids of upcoming Paris → Marseille routes, from a cache',
          responses: {
            '200': {
              description: 'route ids',
              ...json({
                type: 'object',
                required: ['route_ids', 'cached_at'],
                properties: {
                  route_ids: { type: 'array', items: { type: 'string' } },
                  cached_at: { type: 'string', format: 'date-time' },
                },
              }),
            },
          },
        },
      },
      '/ask': {
        post: {
          operationId: 'ask',
          summary: 'Ask a question in plain language',
          requestBody: {
            required: true,
            ...json({ type: 'object', required: ['question'], properties: { question: { type: 'string' } } }),
          },
          responses: {
            '200': {
              description: 'a short answer and matching routes',
              ...json({
                type: 'object',
                required: ['answer', 'routes'],
                properties: { answer: { type: 'string' }, routes: { type: 'array', items: ref('RouteAI') } },
              }),
            },
            '400': error('question missing'),
          },
        },
      },
      '/.well-known/oauth-protected-resource': {
        get: {
          operationId: 'protectedResourceMetadata',
          summary: 'RFC 9728 metadata (no authorization server, no scopes)',
          responses: { '200': { description: 'metadata', ...json({ type: 'object' }) } },
        },
      },
      '/.well-known/http-message-signatures-directory': {
        get: {
          operationId: 'signaturesDirectory',
          summary: 'Public Ed25519 key (JWKS) for bot identity verification',
          responses: { '200': { description: 'JWKS', ...json({ type: 'object' }) } },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openApi',
          summary: 'This document',
          responses: { '200': { description: 'OpenAPI 3.1', ...json({ type: 'object' }) } },
        },
      },
    },
    components: {
      schemas: {
        Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
        SearchQuery: {
          type: 'object',
          additionalProperties: false,
          properties: { depart: { type: 'string' }, arrival: { type: 'string' }, date_from: date, date_to: date },
        },
        RouteAI: {
          type: 'object',
          required: ['id', 'date', 'depart', 'arrival', 'layovers', 'price_min', 'price_max', 'slots', 'times'],
          properties: {
            id: { type: 'string' },
            date: date,
            depart: { type: 'string' },
            arrival: { type: 'string' },
            layovers: { type: 'array', items: { type: 'string' } },
            price_min: { ...nullableNumber, description: 'null: priced on quote' },
            price_max: nullableNumber,
            slots: { type: 'array', items: { type: 'integer' }, description: 'free motorcycle slots per leg' },
            times: { type: 'array', items: { type: 'string' }, description: 'departure time (HH:MM) per stop' },
          },
        },
        RouteFormA: {
          type: 'object',
          required: ['id', 'depart', 'arrival', 'date', 'prix', 'places_disponibles'],
          properties: {
            id: { type: 'string' },
            depart: { type: 'string' },
            arrival: { type: 'string' },
            date: date,
            prix: nullableNumber,
            places_disponibles: { type: 'integer' },
          },
        },
        RouteFormB: {
          type: 'object',
          required: [
            'type',
            'id',
            'depart',
            'arrival',
            'date',
            'time0',
            'price_min',
            'price_max',
            'places_moto_1',
            'places_passenger_1',
          ],
          properties: {
            type: { const: 'route' },
            id: { type: 'integer' },
            depart: { type: 'string' },
            arrival: { type: 'string' },
            date: { type: 'string', pattern: '^\\d{8}$' },
            time0: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
            price_min: nullableNumber,
            price_max: nullableNumber,
            places_moto_1: { type: 'integer' },
            places_passenger_1: { type: 'integer' },
            layover1: { type: 'string' },
            layover2: { type: 'string' },
          },
        },
        SearchPage: {
          type: 'object',
          required: ['routes', 'total', 'page', 'limit', 'total_pages', 'has_next', 'book_url'],
          properties: {
            routes: { type: 'array', items: ref('RouteAI') },
            total: { type: 'integer' },
            page: { type: 'integer' },
            limit: { type: 'integer' },
            total_pages: { type: 'integer' },
            has_next: { type: 'boolean' },
            book_url: { type: 'string' },
          },
        },
        SearchJob: {
          type: 'object',
          required: ['job_id', 'status'],
          properties: {
            job_id: { type: 'string' },
            status: { enum: ['pending', 'completed', 'failed'] },
            poll_url: { type: 'string' },
            result: ref('SearchPage'),
            error: { type: 'string' },
          },
        },
        BatchResult: {
          type: 'object',
          required: ['index', 'query', 'routes', 'total'],
          properties: {
            index: { type: 'integer' },
            query: ref('SearchQuery'),
            routes: { type: 'array', items: ref('RouteAI') },
            total: { type: 'integer' },
          },
        },
        NearbyCity: {
          type: 'object',
          required: ['name', 'distance_km'],
          properties: { name: { type: 'string' }, distance_km: { type: 'number' } },
        },
      },
    },
  };
}
