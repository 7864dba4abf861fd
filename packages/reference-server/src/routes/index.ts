/**
 * Every operation's handler, by operation id: one file per resource family. The map is typed over
 * the spec's operation ids, so an operation without a handler, or a handler of an operation the
 * spec does not have, does not compile.
 */
import type { HandlerMap } from '../state.js';
import { handlers as dreams } from './dreams.js';
import { handlers as federation } from './federation.js';
import { handlers as messageBatches } from './message-batches.js';
import { handlers as messages } from './messages.js';
import { handlers as rateLimits } from './rate-limits.js';
import { handlers as sessions } from './sessions.js';
import { handlers as usage } from './usage.js';
import { handlers as workspaces } from './workspaces.js';

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
