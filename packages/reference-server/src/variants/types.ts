import type { VendorSpec } from '@vendor-api/spec';
import type { VariantName } from './catalog.js';

/**
 * A variant: one legal alternative behaviour where the documents leave room (a "not shown"
 * field, body, status or order; additional fields; lenient or strict input handling). The mirror
 * of a seeded fault: a fault breaks one documented requirement and the suite must fail it; a
 * variant breaks none and the suite must pass it.
 */
export interface VariantDefinition {
  /** kebab-case name, unique across the catalog (`--variants NAME,...`). */
  readonly name: string;
  /** The Unspecified ids (from the spec's catalog) whose other legal choice this variant realises. */
  readonly unspecified: readonly string[];
  /**
   * Requirement ids whose openness the variant exercises (a list the documents call
   * non-exhaustive, a value shown only as "a value"), when it realises one.
   */
  readonly requirements?: readonly string[];
  /** What the server does differently while the variant is on. */
  readonly description: string;
}

/** What a seam reads: the server's variants (and its spec, for seams that consult schemas). */
export interface HasVariants {
  readonly variants: { has(name: VariantName): boolean; readonly size: number };
  readonly spec: VendorSpec;
}
