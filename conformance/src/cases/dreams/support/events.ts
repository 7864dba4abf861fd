/**
 * Carrying out one event of the dream machine against the target: an operation through the API,
 * a happening through the adapter.
 */
import { DREAM_ERROR_TYPES, dreamRules, type KnownDreamErrorType } from '@vendor-api/spec';
import type { CaseContext } from '../../../case.js';
import type { Response } from '../../../http.js';
import { authOf } from './answers.js';
import type { DreamHandle } from './create.js';
import type { DreamEvent } from './machine.js';

const LOST_INPUT_TYPES: readonly string[] = Object.values(dreamRules.LOST_INPUT_FAILURES).map(
  (f) => f.errorType,
);

/**
 * The pipeline failure types the documents name (the drive of `pipeline.failed` picks one): the
 * spec's dream error types but those of a lost input, which a lost input sets, not the pipeline.
 */
export const PIPELINE_ERROR_TYPES = (Object.keys(DREAM_ERROR_TYPES) as KnownDreamErrorType[]).filter(
  (t) => !LOST_INPUT_TYPES.includes(t),
);

/** The failure type of `pipeline.failed` when the case names none. */
const DEFAULT_FAILURE: KnownDreamErrorType = 'internal_error';
/** The tokens of `pipeline.progress` when the case names none. */
export const DEFAULT_PROGRESS = { input_tokens: 100, output_tokens: 50 } as const;

/** Options of the happenings that carry data. */
export interface EventOptions {
  /** `pipeline.failed`: the error type the adapter fails the pipeline with. */
  readonly errorType?: string;
  /** Input and output store or session changes: archive or delete. */
  readonly change?: 'archive' | 'delete';
  /** `pipeline.progress`: the tokens the pipeline consumes. */
  readonly tokens?: { readonly input_tokens: number; readonly output_tokens: number };
  /**
   * `pipeline.started`: losses of inputs that happened while the dream was pending, which the
   * server may notice only now (UNSPEC-DREAM-INPUT-LOSS-PENDING): a dream that fails instead of
   * starting is judged as taking one of them.
   */
  readonly noticed?: readonly DreamEvent[];
}

/** Which fixture answer a happening got from the adapter. */
export interface FixtureAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** What carrying out an event got back: the API response, or the adapter's answer. */
export interface EventAnswer {
  readonly res?: Response;
  readonly fixture?: FixtureAnswer;
}

/** The error type a failing row sets: the loss of an input names it, a pipeline failure carries it. */
export function expectedErrorType(event: DreamEvent, options: EventOptions): string | null {
  if (event === 'input_store.unavailable') return dreamRules.LOST_INPUT_FAILURES.memory_store.errorType;
  if (event === 'input_session.unavailable') return dreamRules.LOST_INPUT_FAILURES.session.errorType;
  if (event === 'pipeline.failed') return options.errorType ?? DEFAULT_FAILURE;
  return null;
}

/**
 * Carries out one event on a dream: the operation through the API, the happening through the
 * adapter. Returns the API response or the adapter's answer (for store and session changes).
 */
export async function perform(
  ctx: CaseContext,
  handle: DreamHandle,
  event: DreamEvent,
  options: EventOptions = {},
): Promise<EventAnswer> {
  switch (event) {
    case 'dreams.cancel':
    case 'dreams.archive':
      // The bodies of cancel and archive are not shown (UNSPEC-DREAM-CANCEL-RESPONSE,
      // UNSPEC-DREAM-ARCHIVE-RESPONSE): only the status and the error body are judged.
      return {
        res: await ctx.call(event, { path: { dream_id: handle.id }, auth: authOf(ctx, handle.ws) }, false),
      };
    case 'pipeline.started':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, { action: 'start' });
      return {};
    case 'pipeline.progress':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, {
        action: 'progress',
        ...(options.tokens ?? DEFAULT_PROGRESS),
      });
      return {};
    case 'pipeline.succeeded':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, { action: 'succeed' });
      return {};
    case 'pipeline.failed':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, {
        action: 'fail',
        error_type: options.errorType ?? DEFAULT_FAILURE,
      });
      return {};
    case 'input_store.unavailable':
      return {
        fixture: await ctx.fixture(
          'memory-stores',
          'changeMemoryStore',
          handle.storeId,
          options.change ?? 'archive',
        ),
      };
    case 'input_session.unavailable':
      return {
        fixture: await ctx.fixture(
          'sessions',
          'changeSession',
          handle.sessionIds[0] ?? '',
          options.change ?? 'archive',
        ),
      };
    case 'output_store.archive':
    case 'output_store.delete': {
      const out = handle.last.outputs[0]?.memory_store_id;
      if (out === undefined) return ctx.fail(`dream ${handle.id} has no output store to ${event.slice(13)}`);
      return {
        fixture: await ctx.fixture(
          'memory-stores',
          'changeMemoryStore',
          out,
          event === 'output_store.archive' ? 'archive' : 'delete',
        ),
      };
    }
  }
}
