/**
 * The reference adapter's federation methods (issuers, service accounts, rules) over the
 * server's `/_test/federation/...` test control.
 */
import type { AreaMethods, TestControl } from './reference.js';

export function federationMethods(_tc: TestControl): AreaMethods {
  return { capabilities: [], methods: {} };
}
