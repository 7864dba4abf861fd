/**
 * Cross-field rules JSON Schema cannot say, taken from the spec's rules modules, by operation.
 */
import type { Issue } from './index.js';

export type SemanticCheck = (body: unknown) => Issue[];

export const semanticChecks: Readonly<Record<string, readonly SemanticCheck[]>> = {};
