import type { AnyMachine } from '../types.js';

export const machine: AnyMachine | null = null;
