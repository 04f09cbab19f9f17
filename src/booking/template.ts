import type { TemplateSpans } from 'mustache';
import { UsageError } from '../errors.js';
import { TEMPLATE_FIELDS, type TemplateView } from './template-view.js';

/** A rendered body, and the names the template used that are no field (most likely typos). */
export interface RenderedTemplate {
  body: string;
  unknownFields: string[];
}

/**
 * Renders a Mustache template into a plain-text body: nothing is escaped (a plain-text e-mail needs no HTML
 * escaping, so `{{comment}}` and `{{{comment}}}` print alike), line ends become `\n`, trailing blank lines go.
 * Mustache is loaded on first use (a vendor bundle of the CLI). Throws a UsageError naming `source` on a malformed template.
 */
export async function renderTemplate(
  template: string,
  view: TemplateView,
  source = '--template',
): Promise<RenderedTemplate> {
  const { default: Mustache } = await import('mustache');
  let tokens: TemplateSpans;
  try {
    tokens = Mustache.parse(template);
  } catch (error) {
    throw new UsageError(
      `${source}: ${error instanceof Error ? error.message : String(error)}; see “Booking templates” in README.`,
    );
  }
  const known = new Set(TEMPLATE_FIELDS);
  const unknownFields = [...new Set(names(tokens))].filter((name) => !known.has(name.split('.')[0] ?? name));
  const body = Mustache.render(template, view, {}, { escape: (value: unknown) => String(value) })
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '');
  return { body, unknownFields };
}

function names(tokens: TemplateSpans): string[] {
  const found: string[] = [];
  for (const token of tokens) {
    const [type, name] = token;
    if (type === 'name' || type === '&' || type === '#' || type === '^') found.push(name);
    const children = token[4];
    if (Array.isArray(children)) found.push(...names(children));
  }
  return found;
}
