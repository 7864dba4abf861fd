/**
 * The client conformance protocol: what a client case is (as language-neutral data), what the
 * runner gives a driver and what a driver answers. A driver is a small program an SDK team writes
 * in its own language: it reads the calls file named by `CALLS_FILE_VARIABLE`, makes the calls
 * with its SDK, and prints one JSON line per outcome. The runner judges the wire (what the server
 * saw, in which order), the outcomes and the files the client left behind.
 *
 * Strings of a case may hold `{{name}}` placeholders: the runner's fixtures (keys, identity tokens,
 * ids, directories), replaced before the driver runs. The published JSON (`client-cases.json`)
 * lists them with their meaning.
 */
import type { OperationId } from '@vendor-api/spec';

export const CLIENT_PROTOCOL = { name: 'vendor-client-conformance', version: 1 } as const;

/** The environment variable naming the calls file the driver reads. */
export const CALLS_FILE_VARIABLE = 'CLIENT_CONFORMANCE_CALLS';

/**
 * What a driver reports for a failed call (or a failed construction), from the documents' terms:
 * - `credentials`: credential resolution failed (no credential, a named profile that does not exist, ...);
 * - `identity_token_file_not_found`: the identity-token file is missing at exchange time;
 * - `exchange`: the typed exchange error (HTTP status, body and `request_id`);
 * - `api`: any other error answer of the service (with its HTTP status);
 * - `other`: anything else (connection, timeout, a bug of the driver);
 * - `unsupported`: the client has no such feature (a command-line client takes no constructor
 *   arguments); the case is reported skipped, with the driver's `message` as the reason.
 */
export const ERROR_KINDS = [
  'credentials',
  'identity_token_file_not_found',
  'exchange',
  'api',
  'other',
  'unsupported',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Constructor arguments of the client (credential source 1). */
export interface ClientOptionsData {
  readonly api_key?: string;
  readonly auth_token?: string;
  readonly credentials?: {
    readonly type: 'oidc_federation';
    readonly federation_rule_id: string;
    readonly organization_id: string;
    readonly service_account_id: string;
    readonly workspace_id?: string;
    readonly identity_token_file?: string;
  };
}

/**
 * A call the driver makes. `op` names an operation of the spec, or `wait`; the extra members say
 * how the client is expected to use it (all pages, until settled, matched by `custom_id`).
 */
export type Call =
  | { readonly id: string; readonly op: Extract<OperationId, 'messages.create'>; readonly params: unknown }
  | {
      /** Every page, following `next_page` until it is null; answer `{ "count": <entries> }`. */
      readonly id: string;
      readonly op: Extract<OperationId, 'organizations.rate_limits.list'>;
      readonly all_pages: true;
    }
  | {
      /** The results of the batch, answered as `{ "<custom_id>": "<result.type>" }` for `custom_ids`. */
      readonly id: string;
      readonly op: Extract<OperationId, 'messages.batches.results'>;
      readonly batch_id: string;
      readonly custom_ids: readonly string[];
    }
  | {
      /** Polls the dream until its status is neither `pending` nor `running`; answer `{ "status": ... }`. */
      readonly id: string;
      readonly op: Extract<OperationId, 'dreams.retrieve'>;
      readonly dream_id: string;
      readonly until_settled: true;
      /** A polling interval the driver may use (the runner's server moves on each poll). */
      readonly interval_ms: number;
    }
  | { readonly id: string; readonly op: 'wait'; readonly seconds: number };

/** The calls file: what the driver reads. */
export interface CallsFile {
  readonly protocol: typeof CLIENT_PROTOCOL.name;
  readonly version: typeof CLIENT_PROTOCOL.version;
  readonly case: string;
  /**
   * The vendor name the case's names derive from (environment variables, headers, models); a
   * driver of an SDK built for one vendor name may ignore it.
   */
  readonly vendor: string;
  /** The server to call (pass it to the client's base-URL option). */
  readonly base_url: string;
  /** Constructor arguments; absent members are not passed. */
  readonly options: ClientOptionsData;
  readonly calls: readonly Call[];
}

/**
 * The environment variable that marks every process of one driver run (a value of its own per
 * run): the runner kills what carries it when the run ends, processes that left the driver's
 * process group included. A driver needs it for nothing.
 */
export const DRIVER_RUN_VARIABLE = 'CLIENT_CONFORMANCE_RUN';

/** The id of the outcome line a driver prints for constructing its client. */
export const CONSTRUCT_ID = 'construct';

/** One line of the driver's output. */
export type OutcomeLine =
  | { readonly id: string; readonly ok: true; readonly result?: unknown }
  | {
      readonly id: string;
      readonly ok: false;
      readonly error: {
        readonly kind: ErrorKind;
        readonly status?: number;
        readonly request_id?: string | null;
        readonly type?: string | null;
        readonly message?: string;
      };
    };

/** A file the runner writes before the driver runs (`mode` octal, default `0644`). */
export interface FileSetup {
  readonly path: string;
  readonly json?: unknown;
  readonly text?: string;
  readonly mode?: string;
}

/**
 * The server's behaviour for the case, beyond the reference server's defaults:
 * - `exchange_expires_in`: the token exchange answers this `expires_in` (seconds);
 * - `after_exchange`: once the nth exchange has been answered, a file is rewritten or removed;
 * - `dream_settles_after_polls`: the dream moves one step on each poll (pending, running, ...,
 *   completed) and settles on this poll;
 * - `dream_fails_with`: the dream settles `failed` with this error type (instead of `completed`);
 * - `dream_canceled`: the dream is canceled on that poll (it settles `canceled`);
 * - `rate_limit_pages`: the organization's rate-limit list is served in this many pages, each with
 *   an opaque `next_page` cursor (the documents say clients loop on it).
 */
export interface ServerScript {
  readonly exchange_expires_in?: number;
  readonly after_exchange?: {
    readonly nth: number;
    readonly write_file?: FileSetup;
    readonly remove_file?: string;
  };
  readonly dream_settles_after_polls?: number;
  readonly dream_fails_with?: string;
  readonly dream_canceled?: true;
  readonly rate_limit_pages?: number;
}

/** Which credential every API request (all but the exchange) carries. */
export type CredentialExpectation =
  | { readonly api_key: string }
  | { readonly bearer: string }
  /** A token that an exchange of this run answered (the latest one, or one still valid). */
  | { readonly bearer_from_exchange: true };

export interface WireExpectation {
  /** No request reaches the server at all. */
  readonly no_requests?: true;
  readonly credential?: CredentialExpectation;
  /** Token exchanges: how many, and what they carried (each member checked on every exchange). */
  readonly exchanges?: {
    readonly count?: number;
    readonly min?: number;
    /** Identity tokens, in order, of the first exchanges. */
    readonly assertions?: readonly string[];
    /** `null`: the member is absent (or the literal `default` where that means the same). */
    readonly workspace_id?: string | null;
    readonly organization_id?: string;
    readonly federation_rule_id?: string;
    readonly service_account_id?: string;
  };
  /** Values that no request may carry in a credential header. */
  readonly never_sent?: readonly string[];
  /**
   * The only file of the configuration directory (the folder above its folder) that may hold an
   * access token an exchange of this run answered: the profile's credentials file. Any other file
   * there holding one, or one elsewhere under the home and scratch directories that others may
   * read, is a secret written where the documents do not put it.
   */
  readonly secrets_only_in?: string;
  /** Requests (method and path template) the client must have sent, at least this many times. */
  readonly sent?: readonly { readonly method: string; readonly path: string; readonly min: number }[];
}

export interface FileExpectation {
  readonly path: string;
  /** Checked only if the client wrote the file (a client may keep its cache in memory). */
  readonly if_exists?: true;
  /**
   * Checked only if the client rewrote the file: it existed before the run and now caches a token
   * an exchange of this run answered.
   */
  readonly if_rewritten?: true;
  /** Octal permission bits, e.g. `0600`. */
  readonly mode?: string;
  /** The cached `access_token` is one an exchange of this run answered. */
  readonly access_token_from_exchange?: true;
  /**
   * `expires_at` is an instant (an ISO 8601 string, or a number of seconds or milliseconds since
   * the epoch: the documents show no form) no later than the exchange's answer plus its
   * `expires_in`, and not before the exchange was asked for.
   */
  readonly expires_at_from_exchange?: true;
  /** Top-level members the JSON file holds, with these values (placeholders allowed). */
  readonly json_subset?: Readonly<Record<string, unknown>>;
  /** Top-level string members matching these patterns. */
  readonly json_patterns?: Readonly<Record<string, string>>;
}

export type OutcomeExpectation =
  | {
      readonly ok: true;
      /** Expected results by call id (deep equality after placeholders). */
      readonly results?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly ok: false;
      /** The kinds accepted for the first failure. */
      readonly kind: readonly ErrorKind[];
      /**
       * `call`: construction succeeds and a call fails; `construct-or-call`: either (the documents
       * say what is reported, not when: a client may resolve credentials, read the identity-token
       * file and exchange when it is built or at the first call).
       */
      readonly at: 'call' | 'construct-or-call';
      /**
       * For `exchange`: the status and error type equal those of the refused exchange's answer, and
       * `request_id` is one the answer carried (wherever it carried it), or null when the answer
       * did not carry it in every place a client may read it (the documents do not say where).
       */
      readonly from_exchange_answer?: true;
    };

/** What a case may need of the runner (see `ClientCase.needs`). */
export const CLIENT_NEEDS = ['own-server'] as const;
export type ClientNeed = (typeof CLIENT_NEEDS)[number];

/** A client case: a scenario and the observable outcome the documents require. */
export interface ClientCase {
  readonly id: string;
  readonly title: string;
  /** Requirement ids of the spec the case checks. */
  readonly requirements: readonly string[];
  /** What the case needs the runner to create first (a batch with results, a dream). */
  readonly fixtures?: readonly ('batch' | 'dream')[];
  /**
   * What the case needs of the runner beyond fixtures. `own-server`: a reference server of its
   * own. The runner otherwise shares one server per profile across the cases of a run, each case
   * in a fresh organization of its own with a recording front of its own; a case that changes what
   * organizations share (the server's clock, a server-wide setting) must not share it.
   */
  readonly needs?: readonly ClientNeed[];
  readonly setup: {
    /** Environment variables of the vendor (every other variable of the vendor is unset). */
    readonly env?: Readonly<Record<string, string>>;
    readonly files?: readonly FileSetup[];
    readonly options?: ClientOptionsData;
    readonly server?: ServerScript;
  };
  readonly calls: readonly Call[];
  readonly expect: {
    readonly outcome: OutcomeExpectation;
    readonly wire?: WireExpectation;
    readonly files?: readonly FileExpectation[];
  };
}

/** The server profiles every case runs against: the reference server's choices, and every legal alternative at once. */
export const SERVER_PROFILES = ['reference', 'alternatives'] as const;
export type ServerProfile = (typeof SERVER_PROFILES)[number];
