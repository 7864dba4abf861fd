/** The token exchange (`oauth.token`); the decisions live in `federation/exchange.ts`. */
import { exchange } from '../federation/exchange.js';
import type { HandlerMap } from '../state.js';

export const handlers: HandlerMap = {
  'oauth.token': exchange,
};
