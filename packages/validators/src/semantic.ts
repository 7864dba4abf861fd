/**
 * Cross-field rules JSON Schema cannot say, by operation. The rules themselves live in the spec
 * (`spec/src/rules/`); this file only wires each to the operation whose body it checks. They run
 * after the body passed its schema.
 */
import { batchRules, dreamRules, messageRules, vendor } from '@vendor-api/spec';
import type { Issue } from './index.js';

export type SemanticCheck = (body: unknown) => Issue[];

/**
 * Thinking blocks belong to assistant turns ("thinking block (assistant turns)"). The strict
 * schema says so itself; the contract form, open to content block kinds not shown, leaves it to
 * this rule.
 */
const thinkingInAssistantTurnsOnly: SemanticCheck = (body) => {
  const result = messageRules.misplacedThinkingTurns((body as { messages?: unknown }).messages);
  if (!result.ok) return [{ where: 'body.messages', message: result.error }];
  return result.value.map((i) => ({
    where: `body.messages[${i}].content`,
    message: 'a thinking block belongs to an assistant turn only',
  }));
};

export const semanticChecks: Readonly<Record<string, readonly SemanticCheck[]>> = {
  'messages.create': [thinkingInAssistantTurnsOnly],
  'messages.count_tokens': [thinkingInAssistantTurnsOnly],
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
