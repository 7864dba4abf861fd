/**
 * The federation-rule machine, model-based: random sequences of exchanges (valid, foreign iss,
 * expired, forged, unmatched) and archivals; each answer is the row `step` picks for the model's
 * state and the token's facts, and archival moves the model's state as `step` says.
 */
import fc from 'fast-check';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import { type RuleModel, type RuleReal, ruleCommands } from './commands/index.js';
import { createIssuer, createRule, keyPair } from './support/index.js';

export const ruleLifecycleModel = defineCase({
  id: 'federation.rule-lifecycle-model',
  family: 'federation',
  title:
    'random sequences of exchanges and archivals follow the federation-rule machine: an archived rule is treated as nonexistent from then on',
  requirements: [
    'RULE-STATES',
    'RULE-ARCHIVED-NONEXISTENT',
    'EXCH-ERR-RULE-ARCHIVED',
    'EXCH-ERR-ISS-MISMATCH',
    'EXCH-ERR-KEY-NOT-IN-SET',
    'EXCH-ERR-EXPIRED',
    'EXCH-ERR-MATCH-FAILED',
    'FED-EXCHANGE-VERIFIES',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const forger = await keyPair('ES256', key.kid, 'forger');
    const issuer = await createIssuer(ctx, { keys: [key] });
    await ctx.property(
      fc.commands(ruleCommands, { maxCommands: 8 }),
      async (cmds) => {
        const rule = await createRule(ctx, issuer);
        const setup = () => ({
          model: { state: 'active' } as RuleModel,
          real: { ctx, rule, key, forger } as RuleReal,
        });
        await fc.asyncModelRun(setup, cmds);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
