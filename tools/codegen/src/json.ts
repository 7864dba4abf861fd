/** Small JSON helpers shared by the generators. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A plain JSON copy: drops TypeBox's symbol keys and functions. */
export function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `kebab-case` or `snake_case` or dotted to `PascalCase`. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export function camel(name: string): string {
  const p = pascal(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** JSON with keys in a stable order (insertion order of the builders) and a final newline. */
export function stringify(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
