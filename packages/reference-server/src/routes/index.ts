/**
 * Every implemented operation's handler, by operation id: one file per resource family. An
 * endpoint of the spec with no entry here answers 501 with the error body.
 */
import { adminHandlers } from '../admin/handlers.js';
import type { HandlerMap } from '../state.js';
import { handlers as dreams } from './dreams.js';
import { handlers as federation } from './federation.js';
import { handlers as messageBatches } from './message-batches.js';
import { handlers as messages } from './messages.js';
import { handlers as sessions } from './sessions.js';

export const handlers: HandlerMap = {
  ...messages,
  ...messageBatches,
  ...sessions,
  ...dreams,
  ...adminHandlers,
  ...federation,
};
