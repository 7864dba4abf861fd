/**
 * The choices a server makes: the table's defaults (`table.ts`), patched by the variants it was
 * started with and by the seeded faults switched on. Both catalogs are typed patches of the one
 * table, so a fault or a variant without an implementation, or an implementation of a name the
 * spec's catalogs lack, does not compile.
 */
import {
  FAULTS,
  type FaultDefinition,
  type FaultName,
  VARIANTS,
  type VariantDefinition,
  type VariantName,
} from '@vendor-api/spec';
import { faults as dreamFaults } from '../dreams/faults.js';
import { variants as dreamVariants } from '../dreams/variants.js';
import { faults as federationFaults } from '../federation/faults.js';
import { variants as federationVariants } from '../federation/variants.js';
import { faults as messageBatchFaults } from '../message-batches/faults.js';
import { variants as messageBatchVariants } from '../message-batches/variants.js';
import { faults as messageFaults } from '../messages/faults.js';
import { variants as messageVariants } from '../messages/variants.js';
import { faults as pipelineFaults } from '../pipeline/faults.js';
import { variants as pipelineVariants } from '../pipeline/variants.js';
import { faults as rateLimitFaults } from '../rate-limits/faults.js';
import { variants as rateLimitVariants } from '../rate-limits/variants.js';
import { faults as sessionFaults } from '../sessions/faults.js';
import { variants as sessionVariants } from '../sessions/variants.js';
import { faults as usageFaults } from '../usage/faults.js';
import { variants as usageVariants } from '../usage/variants.js';
import { faults as workspaceFaults } from '../workspaces/faults.js';
import { variants as workspaceVariants } from '../workspaces/variants.js';
import type { Override } from './point.js';
import { type ChoiceName, type Choices, DEFAULTS, type Patch } from './table.js';

export {
  FAULTS,
  type FaultDefinition,
  UNREALISABLE,
  VARIANTS,
  type VariantDefinition,
} from '@vendor-api/spec';
export type { Choices, Patch };

type KeysOf<T> = T extends unknown ? keyof T : never;

/** One patch per name from the families' partial tables (a name in several: its patches in order). */
function merge<P extends readonly { readonly [name: string]: Patch }[]>(
  ...parts: P
): Record<KeysOf<P[number]>, Patch> {
  const out: Record<string, Record<string, Override<unknown>>> = {};
  for (const part of parts) {
    for (const [name, patch] of Object.entries(part)) {
      const into = out[name] ?? {};
      out[name] = into;
      for (const [key, override] of Object.entries(patch as Record<string, Override<unknown>>)) {
        const earlier = into[key];
        into[key] = earlier === undefined ? override : (value) => override(earlier(value));
      }
    }
  }
  return out as Record<KeysOf<P[number]>, Patch>;
}

/** Every fault's patch, by name: the build fails for a fault without one. */
export const FAULT_PATCHES: Readonly<Record<FaultName, Patch>> = merge(
  pipelineFaults,
  workspaceFaults,
  rateLimitFaults,
  usageFaults,
  messageFaults,
  messageBatchFaults,
  dreamFaults,
  sessionFaults,
  federationFaults,
);

/** Every variant's patch, by name (one variant may patch the points of several families): the build fails for a variant without one. */
export const VARIANT_PATCHES: Readonly<Record<VariantName, Patch>> = merge(
  pipelineVariants,
  workspaceVariants,
  rateLimitVariants,
  usageVariants,
  messageVariants,
  messageBatchVariants,
  dreamVariants,
  sessionVariants,
  federationVariants,
);

/** The table patched in order: each patch given the value before it. */
function patched(base: Choices, patches: readonly Patch[]): Choices {
  if (patches.length === 0) return base;
  const out: Record<string, unknown> = { ...base };
  for (const patch of patches) {
    for (const [name, override] of Object.entries(patch) as [ChoiceName, Override<unknown>][]) {
      out[name] = override(out[name]);
    }
  }
  return out as Choices;
}

const faultsByName = new Map<string, FaultDefinition>(FAULTS.map((f) => [f.name, f]));
const variantsByName = new Map<string, VariantDefinition>(VARIANTS.map((v) => [v.name, v]));

/** The catalog entries of names; throws on a name the catalog does not have. */
function resolve<D>(names: readonly string[], byName: ReadonlyMap<string, D>, what: string): D[] {
  return names.map((n) => {
    const found = byName.get(n);
    if (!found)
      throw new Error(`unknown ${what} ${JSON.stringify(n)}; known: ${[...byName.keys()].join(', ')}`);
    return found;
  });
}

/** The fault definitions of names; throws on a name the catalog does not have. */
export const resolveFaults = (names: readonly string[]) => resolve(names, faultsByName, 'fault');

/** The variant definitions of names; throws on a name the catalog does not have. */
export const resolveVariants = (names: readonly string[]) => resolve(names, variantsByName, 'variant');

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

/**
 * A server's choices: the defaults patched by its variants (fixed when it starts, in catalog
 * order), then by the faults on (switchable, in catalog order, so a set always composes the same
 * way).
 */
export class ChoiceSet {
  readonly #withVariants: Choices;
  #faults: readonly FaultName[] = [];
  #current: Choices;

  constructor(variants: readonly string[] = [], faults: readonly string[] = []) {
    const on = new Set(resolveVariants(variants).map((v) => v.name));
    this.#withVariants = patched(
      DEFAULTS,
      VARIANTS.filter((v) => on.has(v.name)).map((v) => VARIANT_PATCHES[v.name]),
    );
    this.#current = this.#withVariants;
    this.setFaults(faults);
  }

  /** What the server chooses now. */
  get current(): Choices {
    return this.#current;
  }

  /** The faults on, by name. */
  get faults(): string[] {
    return [...this.#faults].sort();
  }

  /** Replaces the faults on (unknown names throw, nothing changes then). */
  setFaults(names: readonly string[]): void {
    const on = new Set(resolveFaults(names).map((f) => f.name));
    this.#faults = FAULTS.filter((f) => on.has(f.name)).map((f) => f.name);
    this.#current = patched(
      this.#withVariants,
      this.#faults.map((name) => FAULT_PATCHES[name]),
    );
  }
}
