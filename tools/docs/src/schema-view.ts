/**
 * A schema of the OpenAPI document as a list of fields a person reads: name, type, whether it is
 * required, description, constraints, and the fields of nested objects and of each kind of a
 * union in a disclosure. Component names show where a type has one (`DreamInput`).
 */
import { escapeHtml, unspecifiedHref } from './html.js';
import { inline } from './markdown.js';

// biome-ignore lint/suspicious/noExplicitAny: schemas of any shape
type Obj = Record<string, any>;

const REF_PREFIX = '#/components/schemas/';
/** Nested levels shown; deeper ones name their type only. */
const MAX_DEPTH = 5;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const refName = (ref: string) => (ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : ref);

export class SchemaView {
  constructor(private readonly components: Obj) {}

  /** A schema with its `$ref`s followed (siblings of a `$ref` kept), and the component's name. */
  resolve(schema: unknown): { schema: Obj; name: string | undefined } {
    let s: Obj = isObj(schema) ? schema : {};
    let name: string | undefined;
    for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
      const { $ref, ...rest } = s;
      name = refName($ref);
      s = { ...(this.components[name] ?? {}), ...rest };
    }
    return { schema: s, name };
  }

  /** The alternatives of a union, without `null` (which `nullable` says). */
  private branches(s: Obj): Obj[] {
    const list = (s.oneOf ?? s.anyOf ?? []) as unknown[];
    return list.filter((b): b is Obj => isObj(b) && b.type !== 'null');
  }

  private nullable(s: Obj): boolean {
    const list = (s.oneOf ?? s.anyOf ?? []) as unknown[];
    return (
      list.some((b) => isObj(b) && b.type === 'null') || (Array.isArray(s.type) && s.type.includes('null'))
    );
  }

  /** A short type: `string`, `string (DreamId)`, `array of DreamInput`, `DreamInput` (one of 2 kinds). */
  typeLabel(schema: unknown): string {
    const { schema: s, name } = this.resolve(schema);
    const branches = this.branches(s);
    let label: string;
    if (branches.length > 1) label = name ?? branches.map((b) => this.typeLabel(b)).join(' or ');
    else if (branches.length === 1) label = this.typeLabel(branches[0]);
    else if (s.type === 'array' || isObj(s.items)) label = `array of ${this.typeLabel(s.items ?? {})}`;
    else {
      const type = Array.isArray(s.type) ? s.type.filter((t: string) => t !== 'null').join(' or ') : s.type;
      const base = type ?? (isObj(s.properties) ? 'object' : 'any');
      label = name && base !== 'object' ? `${base} (${name})` : (name ?? base);
    }
    return this.nullable(s) ? `${label} or null` : label;
  }

  /** The rules a value meets besides its type, in words. */
  constraints(schema: unknown): string[] {
    const { schema: s } = this.resolve(schema);
    const out: string[] = [];
    const code = (v: unknown) => `<code>${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v))}</code>`;
    if ('const' in s) out.push(`always ${code(s.const)}`);
    if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map(code).join(', ')}`);
    if (typeof s.pattern === 'string') out.push(`matches ${code(s.pattern)}`);
    if (typeof s.format === 'string') out.push(`format ${escapeHtml(s.format)}`);
    const range = (min: unknown, max: unknown, unit: string) => {
      if (typeof min === 'number' && min === max) out.push(`exactly ${min}${unit}`);
      else {
        if (typeof min === 'number') out.push(`at least ${min}${unit}`);
        if (typeof max === 'number') out.push(`at most ${max}${unit}`);
      }
    };
    range(s.minLength, s.maxLength, ' characters');
    range(s.minItems, s.maxItems, ' items');
    range(s.minimum, s.maximum, '');
    if (typeof s.exclusiveMinimum === 'number') out.push(`more than ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number') out.push(`less than ${s.exclusiveMaximum}`);
    if ('default' in s) out.push(`default ${code(s.default)}`);
    return out;
  }

  /** The fields of an object schema (or of each kind of a union of objects) as HTML. */
  fields(schema: unknown, depth = 0, seen: readonly string[] = []): string {
    const { schema: s, name } = this.resolve(schema);
    if (name && seen.includes(name)) return '';
    const path = name ? [...seen, name] : seen;
    const branches = this.branches(s);
    if (branches.length > 1) return this.union(s, branches, depth, path);
    if (branches.length === 1) return this.fields(branches[0], depth, path);
    if (s.type === 'array' || isObj(s.items)) return this.fields(s.items ?? {}, depth, path);
    const properties = isObj(s.properties) ? s.properties : {};
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    const parts = [s.allOf]
      .flat()
      .filter(isObj)
      .map((part) => this.fields(part, depth, path))
      .filter(Boolean);
    const items = Object.entries(properties).map(([key, property]) =>
      this.field(key, property, required.has(key), depth, path),
    );
    if (!items.length && !parts.length) return '';
    return `${parts.join('')}${items.length ? `<ul class="fields">${items.join('')}</ul>` : ''}`;
  }

  private union(s: Obj, branches: Obj[], depth: number, seen: readonly string[]): string {
    const mapping = isObj(s.discriminator?.mapping)
      ? (s.discriminator.mapping as Record<string, string>)
      : {};
    const kinds = branches.map((b) => {
      const { schema: r, name } = this.resolve(b);
      const tag =
        Object.entries(mapping).find(([, ref]) => b.$ref === ref)?.[0] ??
        (isObj(r.properties?.type) && 'const' in r.properties.type
          ? String(r.properties.type.const)
          : undefined);
      const label = [tag, name].filter(Boolean).join(': ') || this.typeLabel(b);
      const inner = depth < MAX_DEPTH ? this.fields(b, depth + 1, seen) : '';
      return inner
        ? `<details class="kind"><summary>${escapeHtml(label)}</summary>${inner}</details>`
        : `<div class="kind">${escapeHtml(label)}</div>`;
    });
    return `<div class="kinds"><div class="kinds-head">One of ${branches.length} kinds:</div>${kinds.join('')}</div>`;
  }

  private field(key: string, property: unknown, required: boolean, depth: number, seen: readonly string[]) {
    const { schema: s } = this.resolve(property);
    const description =
      typeof s.description === 'string' ? `<div class="field-desc">${inline(s.description)}</div>` : '';
    const constraints = this.constraints(property);
    const unspecified = ([] as unknown[])
      .concat(s['x-unspecified'] ?? [])
      .filter((id): id is string => typeof id === 'string')
      .map(
        (id) => `<a class="unspecified" href="${unspecifiedHref(id)}">not specified: ${escapeHtml(id)}</a>`,
      );
    const nested = depth < MAX_DEPTH ? this.fields(property, depth + 1, seen) : '';
    return `<li class="field">
<div class="field-head"><code class="field-name">${escapeHtml(key)}</code> <span class="field-type">${escapeHtml(this.typeLabel(property))}</span>${required ? ' <span class="field-required">required</span>' : ''}</div>${description}${
      constraints.length || unspecified.length
        ? `<div class="field-rules">${[...constraints, ...unspecified].join(' · ')}</div>`
        : ''
    }${nested ? `<details class="nested"><summary>Fields of <code>${escapeHtml(key)}</code></summary>${nested}</details>` : ''}
</li>`;
  }
}
