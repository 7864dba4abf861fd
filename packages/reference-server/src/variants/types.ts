import type { VariantName, VendorSpec } from '@vendor-api/spec';

/** What a seam reads: the server's variants (and its spec, for seams that consult schemas). */
export interface HasVariants {
  readonly variants: { has(name: VariantName): boolean; readonly size: number };
  readonly spec: VendorSpec;
}
