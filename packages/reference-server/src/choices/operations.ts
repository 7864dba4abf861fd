/**
 * Patches of an operation's handler, for the faults that change a request before the handler or
 * its answer after it: nothing of them is in the handler.
 */
import type { OperationId } from '@vendor-api/spec';
import type { Handler, HandlerContext, HandlerResult } from '../state.js';
import type { Override } from './point.js';
import type { Patch } from './table.js';

type JsonObject = Record<string, unknown>;

/** The operation's handler wrapped by `wrap`. */
export const wrapOperation = <K extends OperationId>(id: K, wrap: Override<Handler<K>>): Patch => ({
  operations: (earlier) => (handlers) => {
    const wrapped = earlier(handlers);
    const own = wrapped[id] as Handler<K> | undefined;
    return own === undefined ? wrapped : { ...wrapped, [id]: wrap(own) };
  },
});

/** The operation's JSON object answer rewritten by `rewrite` (other answers pass unchanged). */
export const rewriteBody = <K extends OperationId>(
  id: K,
  rewrite: (body: JsonObject, ctx: HandlerContext<K>) => JsonObject,
) =>
  wrapOperation<K>(id, (handler) => async (ctx): Promise<HandlerResult> => {
    const result = await handler(ctx);
    const body = result.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return result;
    return { ...result, body: rewrite(body as JsonObject, ctx) };
  });

/** The items of a list answer's `data`. */
export const dataOf = (body: JsonObject): JsonObject[] => (Array.isArray(body.data) ? body.data : []);
