/**
 * Message batch results: an async iterator over the JSON-lines stream at `results_url`, read line
 * by line in bounded memory, and `matchResults` pairing result lines with the requests by
 * `custom_id` (the order of results is not stated).
 */
import { operations } from '../generated/operations.js';
import { VendorError } from './errors.js';
import type { Core, RequestOptions } from './types.js';

/** One line of a batch results stream. */
export interface BatchResultLine {
  readonly custom_id: string;
  readonly result: { readonly type: string; readonly [k: string]: unknown };
  readonly [k: string]: unknown;
}

/**
 * Streams the result lines of a batch: pass the batch (its `results_url`) or the URL itself.
 * Blank lines and a trailing newline are skipped; a malformed line throws `JSONLinesError` naming
 * its line number.
 */
export function batchResults<T = BatchResultLine>(
  client: { readonly core: Core } | Core,
  source: string | { readonly results_url: string | null },
  options?: RequestOptions,
): AsyncIterable<T> {
  const core = 'core' in client ? client.core : client;
  const url = typeof source === 'string' ? source : source.results_url;
  return core.jsonLines<T>(operations['messages.batches.results'], { url }, options);
}

export interface MatchedResult<Req, Res> {
  readonly custom_id: string;
  readonly request: Req | undefined;
  readonly result: Res | undefined;
}

export interface MatchedResults<Req, Res> {
  /** Every request, with its result or undefined when none came. */
  readonly matched: ReadonlyMap<string, MatchedResult<Req, Res>>;
  /** Requests without a result line. */
  readonly missing: readonly Req[];
  /** Result lines whose `custom_id` matches no request. */
  readonly unexpected: readonly Res[];
}

/**
 * Pairs result lines with requests by `custom_id`. Accepts arrays or async iterables (a results
 * stream); throws on duplicate `custom_id`s among the requests or among the results.
 */
export async function matchResults<
  Req extends { readonly custom_id: string },
  Res extends { readonly custom_id: string },
>(requests: Iterable<Req>, results: Iterable<Res> | AsyncIterable<Res>): Promise<MatchedResults<Req, Res>> {
  const matched = new Map<string, { custom_id: string; request: Req | undefined; result: Res | undefined }>();
  for (const request of requests) {
    if (matched.has(request.custom_id))
      throw new VendorError(`duplicate custom_id among requests: ${request.custom_id}`);
    matched.set(request.custom_id, { custom_id: request.custom_id, request, result: undefined });
  }
  const unexpected: Res[] = [];
  const seen = new Set<string>();
  for await (const result of results as AsyncIterable<Res>) {
    if (seen.has(result.custom_id))
      throw new VendorError(`duplicate custom_id among results: ${result.custom_id}`);
    seen.add(result.custom_id);
    const entry = matched.get(result.custom_id);
    if (entry) entry.result = result;
    else unexpected.push(result);
  }
  const missing = [...matched.values()].filter((m) => m.result === undefined).map((m) => m.request as Req);
  return { matched, missing, unexpected };
}
