/**
 * The variants of the reference server: each one a legal alternative where the documents leave
 * room, citing the Unspecified ids it realises. The conformance suite must pass every one of them,
 * alone and all at once (`pnpm conformance:variants`): its specificity.
 *
 * `UNREALISABLE` names the Unspecified items no server could realise differently on the wire
 * through the documented API, and why; every other item has at least one variant (a test holds
 * the two lists to the spec's catalog).
 */
import type { VariantDefinition } from './types.js';

export const VARIANTS: readonly VariantDefinition[] = [
  {
    name: 'additional-fields',
    unspecified: [
      'UNSPEC-ERROR-BODY-FIELDS',
      'UNSPEC-DREAM-ERROR-FIELDS',
      'UNSPEC-BATCH-ERRORED-BODY',
      'UNSPEC-WS-RECORD-FIELDS',
      'UNSPEC-MEMBER-RECORD-FIELDS',
      'UNSPEC-SESS-RECORD-FIELDS',
    ],
    description:
      'Every JSON object of every response (records, nested objects, list envelopes, error bodies, batch result lines) carries an additional field.',
  },
  {
    name: 'error-type-only',
    unspecified: ['UNSPEC-ERROR-BODY-FIELDS', 'UNSPEC-ERROR-OTHER-ENDPOINTS'],
    description:
      'Error bodies carry only the error type: `{"error": {"type": ...}}`, without `type: "error"` and without a message.',
  },
  {
    name: 'timestamps-with-offset',
    unspecified: ['UNSPEC-VERSION-TIMESTAMP-FORM'],
    description:
      'Timestamps are written with milliseconds and a `+00:00` offset (`2026-01-01T00:00:00.000+00:00`) instead of `Z`.',
  },
  {
    name: 'other-error-statuses',
    unspecified: [
      'UNSPEC-AUTH-MISSING-CREDENTIAL',
      'UNSPEC-AUTH-INVALID-CREDENTIAL',
      'UNSPEC-AUTH-WRONG-KIND',
      'UNSPEC-AUTH-HEADER-MISUSE',
      'UNSPEC-AUTH-BOTH-HEADERS',
      'UNSPEC-AUTH-CROSS-WORKSPACE',
      'UNSPEC-VERSION-HEADER-MISSING',
      'UNSPEC-VERSION-HEADER-OTHER-VALUE',
      'UNSPEC-VERSION-UNVERSIONED-PATH',
      'UNSPEC-BETA-MISSING',
      'UNSPEC-BETA-UNKNOWN',
      'UNSPEC-WS-ADMIN-ERRORS',
      'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-WS-CAP-EXCEEDED',
      'UNSPEC-WS-CREATE-NON-ADMIN',
      'UNSPEC-WS-REVOKED-KEY-ERROR',
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      'UNSPEC-RL-ERRORS',
      'UNSPEC-RL-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-USAGE-ERRORS',
      'UNSPEC-USAGE-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-MSG-CREATE-ERRORS',
      'UNSPEC-TOKENS-ERRORS',
      'UNSPEC-BATCH-CREATE-ERRORS',
      'UNSPEC-BATCH-RETRIEVE-ERRORS',
      'UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR',
      'UNSPEC-SESS-CREATE-ERRORS',
      'UNSPEC-SRES-ERRORS',
      'UNSPEC-DREAM-VALIDATION-ERRORS',
      'UNSPEC-DREAM-NOT-FOUND',
      'UNSPEC-DREAM-PREVIEW-ACCESS',
    ],
    description:
      'Wherever the documents give no status, errors answer another 4xx: 400 as 422, 401 as 403, 403 (other than a token outside its scope) as 401, 404 as 410, 409 as 422, 429 as 400.',
  },
  {
    name: 'other-error-types',
    unspecified: [
      'UNSPEC-AUTH-403-ERROR-TYPE',
      'UNSPEC-RL-404-BODY',
      'UNSPEC-DREAM-400-ERROR-TYPE',
      'UNSPEC-ERROR-OTHER-ENDPOINTS',
    ],
    description:
      'Wherever the documents name no error type, the error type is another one (`invalid_request_error` becomes `validation_failed`, any other `x` becomes `x_variant`).',
  },
  {
    name: 'other-success-statuses',
    unspecified: [
      'UNSPEC-WS-ADMIN-SUCCESS-STATUS',
      'UNSPEC-RL-SUCCESS-STATUS',
      'UNSPEC-USAGE-SUCCESS-STATUS',
      'UNSPEC-MSG-SUCCESS-STATUS',
      'UNSPEC-BATCH-SUCCESS-STATUS',
      'UNSPEC-SESS-CREATE-STATUS',
      'UNSPEC-SRES-SUCCESS-STATUS',
      'UNSPEC-DREAM-SUCCESS-STATUS',
    ],
    description:
      'Operations that create something answer 201 instead of 200; workspace archive and member removal answer 202.',
  },
  {
    name: 'lenient-unknown-fields',
    unspecified: ['UNSPEC-MSG-CREATE-OTHER-PARAMS', 'UNSPEC-SESS-CREATE-FIELDS'],
    description:
      'Unknown fields in request bodies (at any depth) and unknown query parameters are ignored instead of refused.',
  },
  {
    name: 'open-kinds-accepted',
    unspecified: [
      'UNSPEC-MSG-CONTENT-BLOCK-KINDS',
      'UNSPEC-MSG-TOOL-KINDS',
      'UNSPEC-MSG-THINKING-CONFIG-KINDS',
      'UNSPEC-MSG-IMAGE-SOURCE-KINDS',
    ],
    description:
      'Request content blocks, tools, thinking configs and image sources of kinds the documents do not show are accepted (and ignored by the stand-in model).',
  },
  {
    name: 'version-header-optional',
    unspecified: ['UNSPEC-VERSION-HEADER-MISSING', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
    description: 'A request without the version header, or with another value, is served.',
  },
  {
    name: 'betas-lenient',
    unspecified: ['UNSPEC-BETA-UNKNOWN', 'UNSPEC-BETA-SYNTAX'],
    description: 'Unknown identifiers in the beta header are ignored instead of refused.',
  },
  {
    name: 'reversed-orders',
    unspecified: [
      'UNSPEC-RL-ENTRY-ORDER',
      'UNSPEC-BATCH-RESULTS-ORDER',
      'UNSPEC-BATCH-LIST-ORDER',
      'UNSPEC-SRES-LIST-ORDER-DIRECTION',
    ],
    description:
      'Wherever the documents state no order, the other one: rate-limit entries and their limits, batch result lines, the batch list (oldest first) and the session-resource list (newest first).',
  },
  {
    name: 'dream-list-envelope',
    unspecified: ['UNSPEC-DREAM-LIST-ENVELOPE'],
    description:
      'The dream list answers `{"dreams": [...], "next_cursor": ...}` instead of `{"data": [...], "next_page": ...}`.',
  },
  {
    name: 'other-unshown-bodies',
    unspecified: [
      'UNSPEC-WS-CREATE-RESPONSE',
      'UNSPEC-WS-LIST-RESPONSE',
      'UNSPEC-WS-ARCHIVE-RESPONSE',
      'UNSPEC-MEMBER-CREATE-RESPONSE',
      'UNSPEC-MEMBER-UPDATE-RESPONSE',
      'UNSPEC-MEMBER-DELETE-RESPONSE',
      'UNSPEC-USAGE-RESPONSE',
      'UNSPEC-SESS-CREATE-RESPONSE',
      'UNSPEC-DREAM-CANCEL-RESPONSE',
      'UNSPEC-DREAM-ARCHIVE-RESPONSE',
    ],
    description:
      'Responses whose bodies the documents do not show answer another body: the record wrapped in an envelope named after the operation (`{"result": ...}`), lists under `items`.',
  },
];

/**
 * Unspecified items that no variant realises, and why: they are not on the wire of the documented
 * API (client libraries, files, events), or they name an endpoint the documents do not show.
 */
export const UNREALISABLE: Readonly<Record<string, string>> = {};
