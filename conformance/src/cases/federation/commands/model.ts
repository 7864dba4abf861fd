/** The model and the real system of the rule-lifecycle commands. */
import type { CaseContext } from '../../../case.js';
import type { KeyPair, RuleHandle, RuleState } from '../support/index.js';

export interface RuleModel {
  /** The rule's state as the model holds it (the spec's `step` moves it). */
  state: RuleState;
}

export interface RuleReal {
  readonly ctx: CaseContext;
  readonly rule: RuleHandle;
  readonly key: KeyPair;
  /** A key that publishes the real key's kid but is not in the key set. */
  readonly forger: KeyPair;
}
