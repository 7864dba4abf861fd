import { federationRulesMachine, step } from '@vendor-api/spec';
import type fc from 'fast-check';
import type { RuleModel, RuleReal } from './model.js';

/** The happening `rule.archived`, through the adapter (rule endpoints are not shown). */
export class ArchiveCommand implements fc.AsyncCommand<RuleModel, RuleReal> {
  check(): boolean {
    return true;
  }
  async run(model: RuleModel, real: RuleReal): Promise<void> {
    const result = step(federationRulesMachine.machine, model.state, 'rule.archived');
    await real.ctx.fixture('federation-rules', 'archiveFederationRule', real.rule.id);
    model.state = result.next;
  }
  toString(): string {
    return 'archive()';
  }
}
