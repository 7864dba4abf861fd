/** Rewriting a handler's answer: the seam of the faults that change a JSON body after the handler. */
import type { Handler, HandlerContext, HandlerResult } from '../state.js';
import type { Override } from './seams.js';

type JsonObject = Record<string, unknown>;

/** A handler whose JSON object answer is rewritten by `rewrite` (other answers pass unchanged). */
export const rewriteBody =
  (rewrite: (body: JsonObject, ctx: HandlerContext) => JsonObject): Override<Handler> =>
  (handler) =>
  async (ctx): Promise<HandlerResult> => {
    const result = await handler(ctx);
    const body = result.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return result;
    return { ...result, body: rewrite(body as JsonObject, ctx) };
  };

/** The items of a list answer's `data`. */
export const dataOf = (body: JsonObject): JsonObject[] => (Array.isArray(body.data) ? body.data : []);
