/** How a dream case calls and judges the dream operations: the credential, and a success. */
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import type { Response } from '../../../http.js';

/** Asserts a 2xx answer (the dream operations' success statuses are not stated: UNSPEC-DREAM-SUCCESS-STATUS). */
export function success(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
}

/** The credential of a workspace: the target's own key is `workspace`. */
export const authOf = (ctx: CaseContext, ws: Workspace) => ctx.authOf(ws);
