/** The token exchange (`oauth.token`); the decisions live in `federation/exchange.ts`. */
import { exchange } from '../federation/exchange.js';
import type { SomeHandlers } from '../state.js';

export const handlers = {
  'oauth.token': exchange,
} satisfies SomeHandlers;
