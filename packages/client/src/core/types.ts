/**
 * The interface between the generated resource layer and the hand-written core. Public and
 * documented: the generated classes call only these three methods.
 */

import type { Credential, HttpMethod, Pagination } from '@vendor-api/spec';

export type { HttpMethod };
export type CredentialKind = Credential;
/** The pagination style of an operation, exactly as the spec's endpoint table states it. */
export type PaginationDescriptor = Pagination;

/** What the core needs to know of an operation; generated from the spec's endpoint table. */
export interface OperationDescriptor {
  readonly id: string;
  readonly method: HttpMethod;
  /** Path template under the base URL, or null when the URL comes from another response. */
  readonly path: string | null;
  readonly url?: { readonly operation: string; readonly field: string };
  readonly pathParams: readonly string[];
  /** Beta identifiers the operation requires; merged with the caller's own. */
  readonly betas: readonly string[];
  readonly auth: readonly CredentialKind[];
  readonly scope: string | null;
  readonly pagination: PaginationDescriptor;
  readonly successStatus: number;
  /** `json`, `jsonl` (JSON lines), or `unspecified` (the documents show no body). */
  readonly responseType: 'json' | 'jsonl' | 'unspecified';
}

export interface RequestInput {
  readonly path?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  readonly body?: unknown;
  /** Absolute URL, for operations whose URL comes from another response. */
  readonly url?: string | null;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Extra headers; cannot replace authentication or version headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Beta identifiers added to the operation's required ones. */
  readonly betas?: readonly string[];
  readonly maxRetries?: number;
}

/** A paginated result: iterate items with `for await`, or pages with `.pages()`; await for the first page. */
export interface PagedResult<Item, Page> extends AsyncIterable<Item>, PromiseLike<Page> {
  pages(): AsyncIterable<Page>;
}

export interface Core {
  request<T>(operation: OperationDescriptor, input: RequestInput, options?: RequestOptions): Promise<T>;
  paginate<Item, Page>(
    operation: OperationDescriptor,
    input: RequestInput,
    options?: RequestOptions,
  ): PagedResult<Item, Page>;
  jsonLines<T>(
    operation: OperationDescriptor,
    input: RequestInput,
    options?: RequestOptions,
  ): AsyncIterable<T>;
}
