import type { Endpoint } from '../types.js';

export const endpoints: readonly Endpoint[] = [];
