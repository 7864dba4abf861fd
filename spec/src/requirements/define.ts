/**
 * The one way requirement entries are written: a factory per source document, so each family file
 * states only ids, sections, statements and how they can be checked.
 */
import type { Observability, Requirement, SourceDocument, Strength } from '../types.js';

export type RequirementEntry = (
  id: string,
  section: string,
  statement: string,
  /** Required unless the factory was given a default. */
  observability?: Observability,
  strength?: Strength,
  /** Another source document, for the few entries a family takes from the other one. */
  doc?: SourceDocument,
) => Requirement;

export function requirementsOf(
  defaultDoc: SourceDocument,
  defaultObservability?: Observability,
): RequirementEntry {
  return (
    id,
    section,
    statement,
    observability = defaultObservability,
    strength = 'must',
    doc = defaultDoc,
  ) => {
    if (observability === undefined) throw new Error(`requirement ${id}: observability is missing`);
    return { id, doc, section, statement, observability, strength };
  };
}
