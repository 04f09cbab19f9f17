import { describe, expect, it } from 'vitest';
import { portableSchema } from '../../src/mcp/portable-schema.js';

describe('portable JSON Schemas for MCP tools', () => {
  it('writes nullable types as anyOf and drops $schema, at any depth', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        price: { description: 'euros', type: ['number', 'null'] },
        legs: {
          type: 'array',
          items: { type: 'object', properties: { places: { type: ['integer', 'null'], minimum: 0 } } },
        },
      },
    };
    expect(portableSchema(schema)).toEqual({
      type: 'object',
      properties: {
        price: { description: 'euros', anyOf: [{ type: 'number' }, { type: 'null' }] },
        legs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { places: { minimum: 0, anyOf: [{ type: 'integer' }, { type: 'null' }] } },
          },
        },
      },
    });
  });

  it('leaves descriptions out on request, but not a property named description', () => {
    const schema = {
      type: 'object',
      description: 'a trip',
      properties: { description: { type: 'string', description: 'free text' } },
    };
    expect(portableSchema(schema, { descriptions: false })).toEqual({
      type: 'object',
      properties: { description: { type: 'string' } },
    });
    expect(portableSchema(schema)).toEqual(schema);
  });
});
