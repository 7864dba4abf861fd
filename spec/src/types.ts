/**
 * The shapes of the spec's own data: requirements, unspecified items, endpoints and machines.
 * Every family file fills these; `index.ts` assembles them into one `VendorSpec`.
 */
import type { TObject, TSchema } from '@sinclair/typebox';

/** The two source documents of the contract. */
export const SOURCE_DOCUMENTS = {
  federation: 'Identity Federation, Workspaces and Rate-Limit Administration Interface',
  messages: 'Messages, Token Counting, Batches, Session Resources and Dreams Interface',
} as const;
export type SourceDocument = keyof typeof SOURCE_DOCUMENTS;

/**
 * How a requirement can be checked:
 * - `http`: observable through the documented API alone;
 * - `fixture`: observable over HTTP but needs set-up the API does not expose (issuers, rules, users,
 *   clock, pipeline progress), which the conformance suite gets from an adapter;
 * - `client`: a rule of the client libraries and command-line client (credentials, profiles);
 * - `untestable`: informative or not checkable by a machine (pricing, typical durations).
 */
export type Observability = 'http' | 'fixture' | 'client' | 'untestable';

/** `must`: stated as a rule; `should`: advice to clients or issuers; `informative`: a fact with no test. */
export type Strength = 'must' | 'should' | 'informative';

export interface Requirement {
  /** Stable id, upper-case words joined by `-`: `DREAM-CANCEL-COMPLETED-400`. */
  readonly id: string;
  readonly doc: SourceDocument;
  /** The section heading of the source document it comes from (`Dreams > States and transitions`). */
  readonly section: string;
  /** The statement, in the project's words. */
  readonly statement: string;
  readonly observability: Observability;
  readonly strength: Strength;
}

/** Something the documents say is "not shown" or do not state: never invented, never asserted. */
export interface Unspecified {
  /** Stable id: `UNSPEC-` followed by upper-case words. */
  readonly id: string;
  readonly doc: SourceDocument;
  readonly section: string;
  /** What is not shown. */
  readonly what: string;
  /** How the project treats the gap (permissive schema, sensible choice of the reference server, ...). */
  readonly treatment: string;
  /**
   * The response fields (`Schema.property`) whose value the item leaves not shown: each carries
   * `x-unshown` with this id, so every check of it accepts the field absent, null or any value of
   * its type.
   */
  readonly fields?: readonly `${string}.${string}`[];
  /**
   * The suite's own policy where the item leaves the answer open, which it still checks: such a
   * check is advisory (reported with this reason, never deciding the verdict or the exit code).
   */
  readonly advisory?: string;
}

export type Credential = 'workspace_key' | 'admin_key' | 'access_token';
export type OAuthScope = 'workspace:developer' | 'org:manage_tunnels';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export type Pagination =
  | { readonly style: 'none' }
  /** `page` cursor in, `next_page` out (null when no more). */
  | {
      readonly style: 'page';
      readonly cursorParam: 'page';
      readonly nextField: 'next_page';
      readonly dataField: 'data';
      readonly limitParam?: 'limit';
    }
  /** `after_id` cursor in, `has_more` and `last_id` out. */
  | {
      readonly style: 'after_id';
      readonly cursorParam: 'after_id';
      readonly hasMoreField: 'has_more';
      readonly lastIdField: 'last_id';
      readonly dataField: 'data';
      readonly limitParam: 'limit';
    }
  /** Cursor paging whose response envelope is not shown (dreams list). */
  | {
      readonly style: 'page-unspecified-envelope';
      readonly cursorParam: 'page';
      readonly limitParam: 'limit';
    };

export interface ResponseSpec {
  readonly description: string;
  /** Body schema; absent when the documents show no body (then `unspecified` names why). */
  readonly schema?: TSchema;
  readonly contentType?: 'application/json' | 'application/x-ndjson';
  /** Id of the Unspecified entry when the body is not shown. */
  readonly unspecified?: string;
}

export interface ErrorCase {
  readonly status: number;
  /** `error.type` of the error body; null when the documents do not name it. */
  readonly type: string | null;
  /** Detail named by the documents (`workspace_id_required`), if any. */
  readonly detail?: string;
  readonly when: string;
  readonly requirements: readonly string[];
  /**
   * Where the row answers a request schema's constraint broken: the JSON Schema keyword (`required`
   * for a field missing, `pattern` for a malformed value) and, when only one field's, that field.
   * The suite's negative cases assert this row's status and type for exactly those inputs.
   */
  readonly breaks?: { readonly keyword: 'required' | 'pattern'; readonly field?: string };
}

/** Where an operation's URL comes from when it is not a fixed documented path. */
export interface UrlFromField {
  /** Operation whose response carries the URL. */
  readonly operation: string;
  /** Field of that response holding the absolute URL. */
  readonly field: string;
}

/** A success status the documents leave open: another one a correct server may answer. */
export interface OtherSuccessStatus {
  readonly status: number;
  /** Id of the Unspecified item that leaves the operation's success status open. */
  readonly unspecified: string;
}

export interface Endpoint {
  /** `<resource>.<action>`: `dreams.cancel`, `messages.batches.results`. */
  readonly id: string;
  /** Resource family (file stem): `dreams`, `message-batches`. */
  readonly family: string;
  /** Short title of the operation ("Create a dream"): the OpenAPI `summary`, sidebars, SDK docs. */
  readonly title: string;
  /** One sentence on what the operation does and the rules a caller meets first. */
  readonly summary: string;
  readonly doc: SourceDocument;
  readonly method: HttpMethod;
  /**
   * Path template under the base URL (`/v1/dreams/{dream_id}`), or null when the URL is taken
   * from another response's field (then `url` says which).
   */
  readonly path: string | null;
  readonly url?: UrlFromField;
  readonly params: {
    readonly path?: TObject;
    readonly query?: TObject;
  };
  readonly body?: { readonly schema: TSchema; readonly required: boolean };
  readonly success: {
    readonly status: number;
    readonly response: ResponseSpec;
    /**
     * Where the documents do not show the success status: the other statuses a correct server may
     * answer instead of `status`, with the same body. Filled where the endpoints are assembled
     * (`success-statuses.ts`), never written in an endpoint table.
     */
    readonly others?: readonly OtherSuccessStatus[];
  };
  readonly errors: readonly ErrorCase[];
  /** Credential kinds accepted. */
  readonly auth: readonly Credential[];
  /** OAuth scope an access token needs; null when access tokens are not accepted. */
  readonly scope: OAuthScope | null;
  /** `vendor-beta` values the operation requires (all of them). */
  readonly betas: readonly string[];
  readonly pagination: Pagination;
  readonly requirements: readonly string[];
  readonly unspecified: readonly string[];
}

/** What an event does in a state. */
export type Outcome =
  /** An operation that succeeds with this HTTP status. */
  | { readonly kind: 'ok'; readonly status: number }
  /** An operation rejected with this status and error type (null: not named); state unchanged. */
  | { readonly kind: 'error'; readonly status: number; readonly errorType: string | null }
  /** A happening (clock, pipeline, fixture change) that takes effect. */
  | { readonly kind: 'happens' }
  /** A happening that has no effect in this state. */
  | { readonly kind: 'ignored' }
  /** A happening that cannot occur in this state (the model never generates it there). */
  | { readonly kind: 'impossible' }
  /**
   * The documents do not say what happens (an operation whose result in this state is "not
   * shown"). `to` still says what the state does if it is known; the suite never asserts the
   * HTTP outcome. Cites the Unspecified id.
   */
  | { readonly kind: 'unspecified'; readonly unspecified: string };

export interface EventDefinition {
  /** `operation`: an endpoint call (named by `operation`); `happening`: time, pipeline or fixture. */
  readonly kind: 'operation' | 'happening';
  readonly operation?: string;
  readonly description: string;
}

export interface Row<S extends string, E extends string, G extends string, F extends string> {
  readonly from: readonly S[];
  readonly event: E;
  /** Guard values this row needs; guards not named may take any value. */
  readonly when?: Readonly<Partial<Record<G, boolean>>>;
  /** Next state, or `unchanged`. */
  readonly to: S | 'unchanged';
  readonly outcome: Outcome;
  readonly effects: readonly F[];
  readonly requirements: readonly string[];
  readonly note?: string;
}

export interface Machine<
  S extends string = string,
  E extends string = string,
  G extends string = string,
  F extends string = string,
> {
  /** File stem of the stateful resource: `dreams`. */
  readonly id: string;
  /** Schema `$id` of the resource whose state this is (null when the record is not shown). */
  readonly resource: string | null;
  readonly doc: SourceDocument;
  readonly description: string;
  readonly states: readonly S[];
  readonly initial: S;
  /** States no event leaves. */
  readonly terminal: readonly S[];
  readonly events: Readonly<Record<E, EventDefinition>>;
  /** Boolean facts a row may depend on, with what each means. */
  readonly guards: Readonly<Record<G, string>>;
  /** Side effects rows may carry, with what each means. */
  readonly effects: Readonly<Record<F, string>>;
  readonly rows: readonly Row<S, E, G, F>[];
}

// biome-ignore lint/suspicious/noExplicitAny: a machine of any parameters
export type AnyMachine = Machine<any, any, any, any>;
