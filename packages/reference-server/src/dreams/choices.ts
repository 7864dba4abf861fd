/**
 * Choice points of dreams: the machine, when inputs are looked at, the record's open fields, the
 * list, and what the pipeline does to sessions and stores.
 */
import { type AnyMachine, dreamRules, dreamsMachine } from '@vendor-api/spec';
import { point } from '../choices/point.js';

/** What becomes of a dream's output store when a row leaves it as it is. */
export type OutputStoreLeft = 'as-is' | 'emptied' | 'deleted' | 'archived';

export const dreams = {
  /** The dream machine the server steps (its rows cite their requirements). */
  dreamsMachine: point<AnyMachine>([], dreamsMachine.machine),
  /** Whether dream creation refuses inputs that are not the caller's. */
  foreignDreamInputsRefused: point<boolean>(['AUTH-KEY-ONE-WORKSPACE'], true),
  /**
   * Whether a dream looks at its inputs when its pipeline starts instead of at creation (then an
   * input lost while the dream is pending is noticed there too).
   */
  inputsCheckedAtStart: point<boolean>(
    ['UNSPEC-DREAM-INPUT-OWNERSHIP', 'UNSPEC-DREAM-INPUT-LOSS-PENDING'],
    false,
  ),
  /** Whether a `sessions` input naming a session twice is refused. */
  duplicateSessionIdsRefused: point<boolean>(['UNSPEC-DREAM-SESSION-IDS-SHAPE'], false),
  /** Dreams a workspace may create per minute (null: no limit). */
  dreamCreationsPerMinute: point<number | null>(['UNSPEC-DREAM-RATE-LIMITS'], null),
  /**
   * The `instructions` of a dream created without them: the empty string, null, or the field left
   * out (`undefined`).
   */
  instructionsWhenOmitted: point<'' | null | undefined>(['UNSPEC-DREAM-INSTRUCTIONS-OMITTED'], ''),
  /** Whether `model.id` names the dated model the one sent stands for (else the model as sent). */
  datedModelId: point<boolean>(['UNSPEC-DREAM-MODEL-ID-ECHO'], false),
  /** The name of a dream's output store, from the reference server's. */
  outputStoreName: point<(reference: string, inputStoreName: string | undefined) => string>(
    ['UNSPEC-DREAM-OUTPUT-STORE-CREATION'],
    (reference) => reference,
  ),
  /** The page size of the dream list. */
  dreamListLimit: point<typeof dreamRules.dreamListLimit>(
    ['DREAM-LIST-LIMIT-MAX'],
    dreamRules.dreamListLimit,
  ),
  /** Whether the dream list holds only the caller's workspace's dreams. */
  dreamListWorkspaceOnly: point<boolean>(['DREAM-LIST-WORKSPACE'], true),
  /** The dreams the list shows, in order. */
  listDreams: point<typeof dreamRules.listDreams>(['DREAM-LIST-NEWEST-FIRST'], dreamRules.listDreams),
  /** Whether an ended dream's pipeline session stays readable (archived, not deleted). */
  pipelineSessionKeptReadable: point<boolean>(['DREAM-PIPELINE-SESSION-READABLE'], true),
  /** What becomes of the output store when a row leaves it as it is, by the event. */
  outputStoreLeftAs: point<(event: string) => OutputStoreLeft>(
    ['DREAM-CANCEL-LEAVES-OUTPUT', 'DREAM-FAILED-OUTPUT-KEPT', 'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE'],
    () => 'as-is',
  ),
  /** Whether the pipeline writes into its input store. */
  pipelineWritesInputStore: point<boolean>(['MEMSTORE-INPUT-NEVER-MODIFIED'], false),
  /** The `error.type` a dream fails with, by the event that fails it. */
  failedDreamErrorType: point<(event: string, documented: string) => string>(
    ['DREAM-ERROR-INPUT-STORE-UNAVAILABLE'],
    (_event, documented) => documented,
  ),
  /** Whether the output store of a pending or running dream may be deleted (test control deletes stores). */
  outputStoreDeletableWhileActive: point<boolean>(['MEMSTORE-OUTPUT-DELETE-ACTIVE-400'], false),
  /** Whether the loss of an input session reaches the dreams reading it (test control loses sessions). */
  inputSessionLossReported: point<boolean>(['DREAM-INPUT-SESSION-LOST-FAILS'], true),
};
