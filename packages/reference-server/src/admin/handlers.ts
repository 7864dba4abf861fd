/** The handlers of every admin (organization) endpoint: workspaces, members, rate limits, usage. */
import { handlers as rateLimits } from '../routes/rate-limits.js';
import { handlers as usage } from '../routes/usage.js';
import { handlers as workspaces } from '../routes/workspaces.js';
import type { HandlerMap } from '../state.js';

export const adminHandlers: HandlerMap = { ...workspaces, ...rateLimits, ...usage };
