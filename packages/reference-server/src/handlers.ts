/**
 * Every operation's handler, by operation id: one file per resource family. The map is typed over
 * the spec's operation ids, so an operation without a handler, or a handler of an operation the
 * spec does not have, does not compile.
 */

import { handlers as dreams } from './dreams/handlers.js';
import { handlers as federation } from './federation/handlers.js';
import { handlers as messageBatches } from './message-batches/handlers.js';
import { handlers as messages } from './messages/handlers.js';
import { handlers as rateLimits } from './rate-limits/handlers.js';
import { handlers as sessions } from './sessions/handlers.js';
import type { HandlerMap } from './state.js';
import { handlers as usage } from './usage/handlers.js';
import { handlers as workspaces } from './workspaces/handlers.js';

export const handlers = {
  ...messages,
  ...messageBatches,
  ...sessions,
  ...dreams,
  ...workspaces,
  ...rateLimits,
  ...usage,
  ...federation,
} satisfies HandlerMap;
