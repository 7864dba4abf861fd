/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [];
