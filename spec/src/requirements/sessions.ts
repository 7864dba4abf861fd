import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';

export function requirements(_v: Vendor): Requirement[] {
  return [];
}
