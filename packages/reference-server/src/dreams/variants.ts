/**
 * Variants of dreams: when inputs are looked at, the record's fields the documents leave open, the
 * output store's name, duplicate session ids and a creation rate limit.
 */
import { named, type VariantPatches } from '../choices/table.js';
import { limitAtLeastOne } from '../pipeline/choices.js';

export const variants = named({
  'dream-inputs-checked-at-start': { inputsCheckedAtStart: () => true },
  'dream-records-other': {
    datedModelId: () => true,
    outputStoreName: (documented) => (reference, inputStoreName) =>
      inputStoreName === undefined ? documented(reference, inputStoreName) : `${inputStoreName} (dreamed)`,
  },
  'dream-session-ids-unique': { duplicateSessionIdsRefused: () => true },
  'dream-instructions-omitted': { instructionsWhenOmitted: () => undefined },
  'dream-creation-rate-limit': { dreamCreationsPerMinute: () => 1000 },
  'dream-list-envelope': {
    successBody: (documented) => (endpoint, body) => {
      const out = documented(endpoint, body) as { data?: unknown; next_page?: unknown } | null;
      return endpoint.id === 'dreams.list' && typeof out === 'object' && out !== null
        ? { dreams: out.data, next_cursor: out.next_page }
        : out;
    },
  },
  'other-list-limits': { admit: limitAtLeastOne('dreams.list') },
} satisfies VariantPatches);
