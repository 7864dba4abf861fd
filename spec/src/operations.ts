/**
 * The static types of an operation's request and response, derived from its endpoint entry's
 * TypeBox schemas: a consumer that names an operation gets its path parameters, query, body and
 * success body typed, and a renamed field or operation does not compile. Each distributes over a
 * union of ids (`'dreams.cancel' | 'dreams.archive'`).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { OperationId, OperationOf } from './index.js';

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The path parameters of an operation (`{ dream_id: string }`); `never` when its path has none. */
export type PathParamsOf<K extends OperationId> = K extends OperationId
  ? OperationOf<K>['params'] extends { readonly path: infer P }
    ? StaticOf<P>
    : never
  : never;

/** The query parameters of an operation; `never` when it takes none. */
export type QueryOf<K extends OperationId> = K extends OperationId
  ? OperationOf<K>['params'] extends { readonly query: infer Q }
    ? StaticOf<Q>
    : never
  : never;

/** The request body of an operation; `never` when it takes none. */
export type BodyOf<K extends OperationId> = K extends OperationId
  ? OperationOf<K> extends { readonly body: { readonly schema: infer S } }
    ? StaticOf<S>
    : never
  : never;

/** The request of an operation: what it takes of path parameters, query and body. */
export interface RequestOf<K extends OperationId> {
  readonly path: PathParamsOf<K>;
  readonly query: QueryOf<K>;
  readonly body: BodyOf<K>;
}

/**
 * The success body of an operation, where the documents show one; `unknown` where they do not
 * (the body is then an unspecified item, never asserted).
 */
export type ResponseBodyOf<K extends OperationId> = K extends OperationId
  ? OperationOf<K>['success']['response'] extends { readonly schema: infer S }
    ? StaticOf<S>
    : unknown
  : never;
