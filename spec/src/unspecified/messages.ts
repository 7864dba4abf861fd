import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

export function unspecified(_v: Vendor): Unspecified[] {
  return [];
}
