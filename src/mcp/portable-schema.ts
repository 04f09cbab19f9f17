/** A JSON Schema as a plain document. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A JSON Schema every validator reads the same way: `type: ["number", "null"]` (which ajv's strict mode warns about)
 * written as `anyOf`, and no `$schema` (clients read tool schemas as draft-07 or later anyway; it costs bytes per tool).
 * Without `descriptions` (output schemas: the tool's description says what it returns), every description is left out.
 */
export function portableSchema(
  schema: JsonSchema,
  options: { descriptions: boolean } = { descriptions: true },
): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return rewrite(rest, options.descriptions) as JsonSchema;
}

function rewrite(value: unknown, descriptions: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, descriptions));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([key]) => descriptions || key !== 'description')
    .map(
      ([key, inner]) =>
        [key, key === 'properties' ? rewriteEach(inner, descriptions) : rewrite(inner, descriptions)] as const,
    );
  const schema: JsonSchema = Object.fromEntries(entries);
  if (Array.isArray(schema.type)) {
    const { type, ...others } = schema;
    return { ...others, anyOf: (type as unknown[]).map((one) => ({ type: one })) };
  }
  return schema;
}

/** The schemas of `properties`, by name (a property may be called `description`). */
function rewriteEach(properties: unknown, descriptions: boolean): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, rewrite(schema, descriptions)]));
}
