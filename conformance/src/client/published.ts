/**
 * The client cases as published, language-neutral JSON (`client-cases.json` of the package): the
 * protocol, the fixtures the placeholders name, the server profiles, the rules every request is held
 * to, the requirements no case can check (with why), and every case. A team may run them in its own
 * test framework; `vendor-conformance client` runs them with a driver.
 */
import { vendor as publishedVendor, type Vendor } from '@vendor-api/spec';
import { CLIENT_NOT_OBSERVABLE, clientCases, FIXTURES, WIRE_RULES } from './cases.js';
import {
  CALLS_FILE_VARIABLE,
  CLIENT_PROTOCOL,
  CONSTRUCT_ID,
  ERROR_KINDS,
  SERVER_PROFILES,
} from './protocol.js';

export const CLIENT_CASES_FILE = new URL('../../client-cases.json', import.meta.url);

export function publishedClientCases(v: Vendor = publishedVendor) {
  return {
    $comment: 'Generated from conformance/src/client/ by `pnpm conformance:readme`; do not edit.',
    protocol: CLIENT_PROTOCOL.name,
    version: CLIENT_PROTOCOL.version,
    calls_file_variable: CALLS_FILE_VARIABLE,
    construct_id: CONSTRUCT_ID,
    error_kinds: ERROR_KINDS,
    server_profiles: SERVER_PROFILES,
    wire_rules: WIRE_RULES,
    fixtures: FIXTURES,
    not_observable: CLIENT_NOT_OBSERVABLE,
    cases: clientCases(v),
  };
}

export const publishedClientCasesText = (v?: Vendor) =>
  `${JSON.stringify(publishedClientCases(v), null, 2)}\n`;
