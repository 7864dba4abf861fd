import { negativeCases } from './cases.js';

export const cases = [...negativeCases] as const;
