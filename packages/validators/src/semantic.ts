/**
 * Cross-field rules JSON Schema cannot say, by operation. The rules themselves live in the spec
 * (`spec/src/rules/`); this file only wires each to the operation whose body it checks. They run
 * after the body passed its schema.
 */
import { batchRules, dreamRules, vendor } from '@vendor-api/spec';
import type { Issue } from './index.js';

export type SemanticCheck = (body: unknown) => Issue[];

export const semanticChecks: Readonly<Record<string, readonly SemanticCheck[]>> = {
  'messages.batches.create': [
    (body) => {
      const result = batchRules.duplicateCustomIds((body as { requests?: unknown }).requests);
      if (!result.ok) return [{ where: 'body.requests', message: result.error }];
      return result.value.map((id) => ({
        where: 'body.requests',
        message: `custom_id ${JSON.stringify(id)} is used more than once; it must be unique within the batch`,
      }));
    },
  ],
  'dreams.create': [
    (body) =>
      dreamRules.checkDreamCreateParams(body, vendor).map((p) => ({ where: 'body', message: p.message })),
  ],
};
