import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [];
