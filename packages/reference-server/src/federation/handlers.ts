/** The token exchange (`oauth.token`); the decisions live in `federation/exchange.ts`. */

import type { SomeHandlers } from '../state.js';
import { exchange } from './exchange.js';

export const handlers = {
  'oauth.token': exchange,
} satisfies SomeHandlers;
