/**
 * Seeded faults of dreams: the dream state machine (rows replaced, effects dropped), the list and
 * its limit, the inputs and the pipeline (document 001, "States and transitions > Dream",
 * "Endpoints > Dreams").
 */
import { DREAM_LIST_LIMIT_MAX, type Dream, dreamsMachine } from '@vendor-api/spec';
import { replaceRows, withoutEffect } from '../choices/machine-rows.js';
import { wrapOperation } from '../choices/operations.js';
import { type FaultPatches, named } from '../choices/table.js';

/** An answer of 200 that leaves the dream as it is. */
const UNCHANGED_OK = { to: 'unchanged', outcome: { kind: 'ok', status: 200 }, effects: [] } as const;

/** The dream machine's states of a status, archived or not. */
const statesOf = (status: Dream['status']) =>
  dreamsMachine.DREAM_STATES.filter((s) => dreamsMachine.statusOf(s) === status);

export const faults = named({
  DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED: { foreignDreamInputsRefused: () => false },
  DREAM_PIPELINE_SESSION_NOT_ARCHIVED: { dreamsMachine: (m) => withoutEffect(m, 'archive_pipeline_session') },
  DREAM_PIPELINE_SESSION_DELETED: { pipelineSessionKeptReadable: () => false },
  DREAM_FAILED_OUTPUT_DISCARDED: {
    outputStoreLeftAs: (documented) => (event) =>
      event.startsWith('pipeline.') || event.startsWith('input_') ? 'emptied' : documented(event),
  },
  DREAM_CANCEL_DELETES_OUTPUT: {
    outputStoreLeftAs: (documented) => (event) => (event === 'dreams.cancel' ? 'deleted' : documented(event)),
  },
  DREAM_ARCHIVE_ARCHIVES_OUTPUT: {
    outputStoreLeftAs: (documented) => (event) =>
      event === 'dreams.archive' ? 'archived' : documented(event),
  },
  DREAM_INPUT_STORE_WRITTEN: { pipelineWritesInputStore: () => true },
  DREAM_CANCEL_COMPLETED_OK: {
    dreamsMachine: (m) => replaceRows(m, 'dreams.cancel', statesOf('completed'), UNCHANGED_OK),
  },
  DREAM_CANCEL_FAILED_OK: {
    dreamsMachine: (m) => replaceRows(m, 'dreams.cancel', statesOf('failed'), UNCHANGED_OK),
  },
  DREAM_CANCEL_CANCELED_400: {
    dreamsMachine: (m) =>
      replaceRows(m, 'dreams.cancel', statesOf('canceled'), {
        to: 'unchanged',
        outcome: { kind: 'error', status: 400, errorType: null },
        effects: [],
      }),
  },
  DREAM_ARCHIVE_RUNNING_OK: {
    dreamsMachine: (m) => replaceRows(m, 'dreams.archive', ['running'], UNCHANGED_OK),
  },
  DREAM_LIST_INCLUDES_ARCHIVED: wrapOperation(
    'dreams.list',
    (handler) => (ctx) => handler({ ...ctx, query: { ...ctx.query, include_archived: true } }),
  ),
  DREAM_LIST_LEAKS_OTHER_WORKSPACES: { dreamListWorkspaceOnly: () => false },
  DREAM_LIST_OLDEST_FIRST: {
    listDreams: (documented) => (list, params) => documented(list, params).reverse(),
  },
  DREAM_INPUT_STORE_LOSS_WRONG_ERROR: {
    failedDreamErrorType: (documented) => (event, type) =>
      event === 'input_store.unavailable' ? 'internal_error' : documented(event, type),
  },
  DREAM_USAGE_NOT_UPDATED: { dreamsMachine: (m) => withoutEffect(m, 'update_usage') },
  DREAM_ENDED_AT_NOT_SET: { dreamsMachine: (m) => withoutEffect(m, 'set_ended_at') },
  DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE: { outputStoreDeletableWhileActive: () => true },
  DREAM_INPUT_SESSION_LOSS_IGNORED: { inputSessionLossReported: () => false },
  DREAM_LIST_LIMIT_OVER_100_ACCEPTED: {
    // Validated as if the limit were the maximum; the handler sees the limit sent.
    validateRequest: (documented) => (id, parts, options) => {
      const limit = Number(parts.query?.limit);
      if (id !== 'dreams.list' || !Number.isInteger(limit) || limit <= DREAM_LIST_LIMIT_MAX) {
        return documented(id, parts, options);
      }
      const query = { ...parts.query, limit: String(DREAM_LIST_LIMIT_MAX) };
      const validated = documented(id, { ...parts, query }, options);
      if (validated.ok) Object.assign(validated.value, { query: { ...validated.value.query, limit } });
      return validated;
    },
    dreamListLimit: (documented) => (asked) =>
      typeof asked === 'number' && asked > DREAM_LIST_LIMIT_MAX
        ? { ok: true, limit: asked }
        : documented(asked),
  },
} satisfies FaultPatches);
