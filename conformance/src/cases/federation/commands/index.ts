/** The rule-lifecycle commands: exchanges of every token kind and the rule's archival. */
import fc from 'fast-check';
import { ArchiveCommand } from './archive.js';
import { ExchangeCommand, TOKEN_KINDS } from './exchange.js';

export type { RuleModel, RuleReal } from './model.js';

export const ruleCommands = [
  fc.constantFrom(...TOKEN_KINDS).map((kind) => new ExchangeCommand(kind)),
  fc.constant(new ArchiveCommand()),
];
