/**
 * Seams of dreams: when inputs are looked at, the record's fields the documents leave open, the
 * output store's name, duplicate session ids and a creation rate limit.
 */
import type { HasVariants } from './types.js';

// ---------------------------------------------------------------------------------------------
// Inputs

/**
 * Whether a dream looks at its inputs when its pipeline starts instead of at creation
 * (UNSPEC-DREAM-INPUT-OWNERSHIP, UNSPEC-DREAM-INPUT-LOSS-PENDING): then an input that never was
 * the caller's is accepted at creation and fails the dream at start, and an input lost while the
 * dream is pending is noticed there. The reference server refuses inputs that are not the
 * caller's at creation and fails a pending dream when an input is lost.
 */
export function inputsCheckedAtStart(state: HasVariants): boolean {
  return state.variants.has('dream-inputs-checked-at-start');
}

/** Whether a `sessions` input may name a session twice (UNSPEC-DREAM-SESSION-IDS-SHAPE). */
export function duplicateSessionIdsRefused(state: HasVariants): boolean {
  return state.variants.has('dream-session-ids-unique');
}

// ---------------------------------------------------------------------------------------------
// The record

/** `model.id` of a dream (UNSPEC-DREAM-MODEL-ID-ECHO): the model as sent, or the dated model it names. */
export function dreamModelId(state: HasVariants, sent: string, dated: string | undefined): string {
  return state.variants.has('dream-records-other') && dated !== undefined ? dated : sent;
}

/** The name of a dream's output store (UNSPEC-DREAM-OUTPUT-STORE-CREATION). */
export function outputStoreName(
  state: HasVariants,
  reference: string,
  inputStoreName: string | undefined,
): string {
  return state.variants.has('dream-records-other') && inputStoreName !== undefined
    ? `${inputStoreName} (dreamed)`
    : reference;
}

// ---------------------------------------------------------------------------------------------
// Rate limits

/** Dreams a workspace may create per minute (UNSPEC-DREAM-RATE-LIMITS): no limit, or 1,000. */
export function dreamCreationsPerMinute(state: HasVariants): number | null {
  return state.variants.has('dream-creation-rate-limit') ? 1000 : null;
}
