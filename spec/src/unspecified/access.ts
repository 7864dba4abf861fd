/**
 * What the documents leave open about credentials on the wire, scopes, versioning headers and
 * the error body, with the treatment `rules/access.ts` implements. The reference server applies
 * these treatments; the conformance suite never asserts them beyond "a 4xx with the error body".
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const CREDENTIALS = 'Authentication > Credentials';
const SCOPES = 'Authentication > OAuth scopes';
const VERSIONING = 'Versioning';
const ERRORS = 'Errors';

const u = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'federation',
  section,
  what,
  treatment,
});

export function unspecified(v: Vendor): Unspecified[] {
  return [
    // Credentials
    u(
      'UNSPEC-AUTH-MISSING-CREDENTIAL',
      CREDENTIALS,
      'The response to a request that needs a credential and carries none.',
      'HTTP 401 `authentication_error`; the suite asserts only a 4xx with the error body.',
    ),
    u(
      'UNSPEC-AUTH-INVALID-CREDENTIAL',
      CREDENTIALS,
      'The response to an unknown, revoked or expired key or token, or a malformed `Authorization` header.',
      'HTTP 401 `authentication_error`; the suite asserts only a 4xx with the error body.',
    ),
    u(
      'UNSPEC-AUTH-WRONG-KIND',
      CREDENTIALS,
      'The response when an API key of a kind the endpoint does not accept is used (a workspace key on an organization endpoint, an admin key on a standard endpoint).',
      'HTTP 403 `permission_error`; the suite asserts only a 4xx with the error body.',
    ),
    u(
      'UNSPEC-AUTH-HEADER-MISUSE',
      CREDENTIALS,
      'The response when an access token is sent in `x-api-key`.',
      'Treated as an invalid credential: HTTP 401 `authentication_error`.',
    ),
    u(
      'UNSPEC-AUTH-BOTH-HEADERS',
      CREDENTIALS,
      'The response when a request carries both `x-api-key` and `Authorization`.',
      'The reference server reads `x-api-key` and ignores `Authorization` (generated clients send both on operations that take either credential); refusing the request (400 `invalid_request_error`, ambiguous credential) is the other legal choice. Never asserted.',
    ),
    u(
      'UNSPEC-AUTH-KEY-AS-BEARER',
      CREDENTIALS,
      'The response when an API key is sent as `Authorization: Bearer <API_KEY>` (the documents name `x-api-key` for keys and the bearer credential for access tokens).',
      `The reference server reads a bearer value without the access-token prefix \`${v.prefixes.accessToken}\` as an API key (clients of the API family send keys this way); treating it as an invalid access token (401 \`authentication_error\`) is the other legal choice. Never asserted.`,
    ),
    u(
      'UNSPEC-AUTH-CROSS-WORKSPACE',
      CREDENTIALS,
      "The response when a key or token addresses a resource of another workspace (it only reaches its own workspace's resources).",
      'HTTP 404 `not_found_error`, as if the resource did not exist; the suite asserts only that the resource is not reached (a 4xx).',
    ),
    u(
      'UNSPEC-AUTH-WORKSPACE-KEY-FORMAT',
      CREDENTIALS,
      'The format of a workspace API key (no prefix is documented) and of the rest of an admin key after its prefix.',
      `Any non-empty value without the admin-key prefix \`${v.prefixes.adminKey}\` or the access-token prefix is a workspace-key candidate; the rest of a key is opaque.`,
    ),
    u(
      'UNSPEC-AUTH-BEARER-SYNTAX',
      CREDENTIALS,
      'The accepted syntax of the `Authorization` header beyond `Bearer <ACCESS_TOKEN>`.',
      'The scheme `Bearer` is matched case-insensitively (HTTP authentication schemes are case-insensitive), followed by one or more spaces and a token without whitespace; anything else is an invalid credential.',
    ),
    u(
      'UNSPEC-AUTH-EXCHANGE-CREDENTIAL',
      'Endpoints',
      'Which credential the token exchange needs: the documents say every endpoint uses the Authentication headers but name none for the exchange, whose body carries the assertion.',
      'The exchange accepts no credential kind (`auth` empty): a known credential sent with it is ignored, an unknown or malformed one refused as anywhere else (401 `authentication_error`).',
    ),
    u(
      'UNSPEC-AUTH-TUNNELS-API',
      SCOPES,
      'The tunnels API itself (paths, payloads, the active-tunnel limit error).',
      'Not part of this interface: `org:manage_tunnels` grants no endpoint of the spec, so such a token gets 403 on every documented endpoint.',
    ),
    u(
      'UNSPEC-AUTH-403-ERROR-TYPE',
      ERRORS,
      'The error type of the 403 for a request outside the token scope (not named).',
      'The reference server sends `permission_error`; the suite asserts only the 403 status and the error body.',
    ),

    // Every operation
    u(
      'UNSPEC-REQUEST-UNKNOWN-FIELDS',
      'Endpoints',
      'What an operation does with body fields (at any depth) and query parameters the documents do not show for it.',
      "The reference server ignores them (clients of the API family send fields newer than the documents, and `?beta=true` on beta calls), in a batch request's `params` too when the request is processed; refusing them (400 `invalid_request_error`) is the other legal choice. The schemas stay closed in their strict form; the suite asserts neither.",
    ),
    u(
      'UNSPEC-REQUEST-PATH-ID-MALFORMED',
      'Resources and their fields > Identifier shapes',
      'The response to a path id without the form its kind documents (a batch id without `msgbatch_`): the documents show the shapes, and say the rest of an id is opaque.',
      'The reference server answers it like an unknown id (404 `not_found_error`: it names nothing the server minted); refusing it as an invalid request (400) is the other legal choice. The suite asserts only a 4xx with the error body.',
    ),

    // Versioning
    u(
      'UNSPEC-VERSION-HEADER-MISSING',
      VERSIONING,
      `The response to a request without \`${v.headers.version}\`.`,
      'HTTP 400 `invalid_request_error`, except on the token exchange, which serves it (clients of the API family send no version header there); never asserted.',
    ),
    u(
      'UNSPEC-VERSION-HEADER-OTHER-VALUE',
      VERSIONING,
      `The response to a \`${v.headers.version}\` value other than \`${v.apiVersion}\`.`,
      'HTTP 400 `invalid_request_error`; never asserted.',
    ),
    u(
      'UNSPEC-VERSION-UNVERSIONED-PATH',
      VERSIONING,
      'The response to a path that does not start with `/v1`.',
      'HTTP 404 `not_found_error`; never asserted.',
    ),
    u(
      'UNSPEC-BETA-MISSING',
      VERSIONING,
      `The response when a beta the endpoint requires is absent from \`${v.headers.beta}\`.`,
      'HTTP 400 `invalid_request_error`; never asserted.',
    ),
    u(
      'UNSPEC-BETA-UNKNOWN',
      VERSIONING,
      `The response to an identifier in \`${v.headers.beta}\` that is not in the allowed list.`,
      'Ignored (clients of the API family send identifiers newer than the list); a header of only such identifiers is as if absent. Never asserted.',
    ),
    u(
      'UNSPEC-BETA-UNNEEDED',
      VERSIONING,
      `What an allowed identifier in \`${v.headers.beta}\` does on an endpoint that does not require it (the request is served: the identifier is allowed, BETA-IDENTIFIERS-ALLOWED).`,
      'Ignored.',
    ),
    u(
      'UNSPEC-BETA-SYNTAX',
      VERSIONING,
      `How whitespace around items, empty items, duplicates and letter case in \`${v.headers.beta}\` are treated.`,
      'Items are trimmed, empty items ignored, duplicates collapsed; identifiers compare case-sensitively.',
    ),

    // Errors
    u(
      'UNSPEC-ERROR-BODY-FIELDS',
      ERRORS,
      'Fields of the error body beyond the error type.',
      '`ErrorBody` carries `type: "error"` and `error: {type, message}` and stays open for further fields; clients read only `error.type`. Its contract form (`x-contract`), which the conformance suite judges error bodies with, requires only an `error` object with a string `type`.',
    ),
    u(
      'UNSPEC-VERSION-TIMESTAMP-FORM',
      VERSIONING,
      'The exact form of timestamps ("timestamp", "ISO 8601 UTC", "RFC 3339"): fractional seconds, `Z` or a numeric offset.',
      'The reference server writes `YYYY-MM-DDTHH:MM:SS.sssZ`; the suite compares timestamps as instants.',
    ),
    u(
      'UNSPEC-ERROR-REQUEST-ID-SOURCE',
      ERRORS,
      'Where the `request_id` of the typed exchange error comes from.',
      'The reference server sends a `request-id` response header; the client takes it from there, else `null`.',
    ),
    u(
      'UNSPEC-ERROR-EXCHANGE-ERROR-SHAPE',
      ERRORS,
      'The name and other members of the typed exchange error beyond HTTP status, body and `request_id`.',
      'A typed error with `status`, `body` (the parsed error body, or the raw text when not JSON), `request_id` and `error_type` (`error.type`, or null); its message names the status and error type only.',
    ),
    u(
      'UNSPEC-ERROR-OTHER-ENDPOINTS',
      ERRORS,
      'Error bodies of endpoints other than the exchange.',
      'The standard error body for every error of every endpoint.',
    ),
    u(
      'UNSPEC-REQUEST-JSON-DEPTH',
      ERRORS,
      'How deeply a JSON request body, or the header and payload of an exchanged JWT, may nest (objects and arrays within one another), and the answer to a deeper one.',
      "At most 128 levels, the top-level value being the first (rules/json-depth.ts `MAX_JSON_DEPTH`, the server's choice); a deeper body is 400 `invalid_request_error` (`invalid_request` on the exchange) naming the path of the first value past the bound; a deeper JWT is malformed (400 `invalid_grant`, like any undecodable JWT). The suite never sends either near the bound.",
    ),
    u(
      'UNSPEC-REQUEST-BODY-SIZE',
      ERRORS,
      'How large a request body may be, for operations other than batch creation (256 MB) and the exchange (an assertion of at most 16 KiB), and the answer to a larger one.',
      "Per operation (rules/request-bounds.ts `BODY_LIMITS`, the server's choice, derived from the two documented limits): batch creation 257 MiB (its limit plus room, so a body just over 256 MB gets its 400), message creation and token counting 32 MiB (an eighth of the batch limit), the exchange 20 KiB (the assertion plus room), every other operation 1 MiB. A larger body is 413 `request_too_large`, refused from its declared length before it is read and after its credential is checked; on the exchange, whose every documented failure is a 400, it is 400 `invalid_request`, as a malformed exchange body and an assertion over 16 KiB within the cap are. The suite never sends a body near these caps except the batch limit.",
    ),
    u(
      'UNSPEC-REQUEST-TIME-LIMITS',
      ERRORS,
      'How long a client may take to send a request (its headers, its body), and the answer to a slower one.',
      "rules/request-bounds.ts `REQUEST_TIME_LIMITS` (the server's choice): the headers within 10 s of the request's first byte, the whole request within 120 s (the largest body at 2.5 MiB a second). A request not received by then is 408 `invalid_request_error` with the error body and a request id (through the request's own answer when its headers were read), and the connection is closed. The suite never sends a request that slowly.",
    ),
  ];
}
