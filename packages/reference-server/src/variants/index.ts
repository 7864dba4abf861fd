/**
 * The switch a server reads the spec's catalog of variants through. Variants are chosen when a
 * server is created (`createServer({ variants })`, `reference-server --variants a,b|all`); they
 * compose, and `all` switches every one of them on at once.
 *
 * Variants act only at the named seams of `seams.ts` (response bodies, error answers, request
 * admission, list orders, and the choices each handler names); handlers read as the reference
 * server's own choices.
 */
import { VARIANTS, type VariantDefinition, type VariantName } from '@vendor-api/spec';

export { UNREALISABLE, VARIANTS, type VariantDefinition, type VariantName } from '@vendor-api/spec';

const byName = new Map<string, VariantDefinition>(VARIANTS.map((v) => [v.name, v]));

/** The names a `--variants` value selects: a comma-separated list, or `all`. */
export function parseVariants(text: string): string[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'all') return VARIANTS.map((v) => v.name);
  resolveVariants(names);
  return names;
}

/** The definitions of names; throws on a name the catalog does not have. */
export function resolveVariants(names: readonly string[]): VariantDefinition[] {
  return names.map((n) => {
    const v = byName.get(n);
    if (!v) throw new Error(`unknown variant ${JSON.stringify(n)}; known: ${[...byName.keys()].join(', ')}`);
    return v;
  });
}

/** The variants a server runs with (fixed for its lifetime). */
export class VariantSet {
  private readonly active: ReadonlySet<string>;
  constructor(names: readonly string[] = []) {
    resolveVariants(names);
    this.active = new Set(names);
  }
  has(name: VariantName): boolean {
    return this.active.has(name);
  }
  get size(): number {
    return this.active.size;
  }
  list(): string[] {
    return [...this.active].sort();
  }
}
