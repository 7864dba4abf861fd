/**
 * Path templates of the endpoint tables (`/v1/dreams/{dream_id}`): their parameters, the template
 * filled, and the paths it matches. The one place the `{name}` syntax is read.
 */

/** A parameter of a template: `{name}`, the name of letters, digits and underscores. */
const PARAMETER = /\{([A-Za-z0-9_]+)\}/g;

/** The parameter names of a template, in order: `['session_id', 'resource_id']`. */
export const pathParams = (template: string): string[] =>
  [...template.matchAll(PARAMETER)].map((m) => m[1] as string);

/**
 * The template with each parameter replaced by `fill(name)`, which encodes it as the caller needs
 * (`encodeURIComponent` for a URL, `:name` for a router, `{}` for the template's shape); a
 * parameter `fill` gives undefined for stays as written.
 */
export const fillPath = (template: string, fill: (name: string) => string | undefined): string =>
  template.replace(PARAMETER, (written, name: string) => fill(name) ?? written);

/**
 * The template with the parameters `values` names filled, each URL-encoded as one path segment;
 * the others stay as written.
 */
export const encodePath = (template: string, values: Readonly<Record<string, string>>): string =>
  fillPath(template, (name) => (Object.hasOwn(values, name) ? encodeURIComponent(values[name]!) : undefined));

/** A regular expression that matches the paths of a template: each parameter one non-empty segment. */
export const pathPattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/\{[A-Za-z0-9_]+\}/)
      .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
