/**
 * Creating dreams over fresh inputs: the inputs through the adapter, a valid creation body, and
 * the fields of a dream fresh from creation.
 */
import { type Dream, type DreamCreateParams, type DreamModel, dreamsMachine } from '@vendor-api/spec';
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { containsData } from '../../../data.js';
import { authOf, success } from './answers.js';
import { type DreamState, machine } from './machine.js';

/** A dream the case created, with the inputs it made for it and what it knows of its fixtures. */
export interface DreamHandle {
  readonly id: string;
  /** The workspace the dream lives in (its key is the credential of every call on it). */
  readonly ws: Workspace;
  readonly storeId: string;
  readonly sessionIds: readonly string[];
  /** The body sent at creation (inputs, model, instructions as sent). */
  readonly sent: DreamCreateParams;
  /** Client time (`performance.now()`) before the creation was sent: bounds `ended_at` on the wall clock. */
  readonly sentAt: number;
  /** The last dream read back. */
  last: Dream;
  /** The state the model holds for it. */
  state: DreamState;
  store: 'live' | 'archived' | 'deleted';
  session: 'live' | 'archived' | 'deleted';
  output: 'live' | 'archived' | 'deleted';
  /**
   * The digest of the input store's contents before the dream was created, where the adapter can
   * read it (capability `memory-store-state`): the dream never modifies it.
   */
  readonly inputDigest?: string | null;
}

/** Memory store plus `sessions` fresh input sessions, in the given workspace. */
export async function freshInputs(
  ctx: CaseContext,
  ws: Workspace,
  sessions = 1,
): Promise<{ storeId: string; sessionIds: string[] }> {
  const store = await ctx.fixture('memory-stores', 'createMemoryStore', ws);
  const sessionIds: string[] = [];
  for (let i = 0; i < sessions; i++) sessionIds.push((await ctx.fixture('sessions', 'createSession', ws)).id);
  return { storeId: store.id, sessionIds };
}

/**
 * A valid creation body over the given inputs. `model` is one of the target vendor's model names
 * (`vendor.models`); the static type is the published contract's.
 */
export function createBody(
  storeId: string,
  sessionIds: readonly string[],
  options: { model?: string; instructions?: string; sessionsFirst?: boolean } = {},
  ctx?: CaseContext,
): DreamCreateParams {
  const memory = { type: 'memory_store' as const, memory_store_id: storeId };
  const sessions = { type: 'sessions' as const, session_ids: [...sessionIds] };
  return {
    inputs: options.sessionsFirst ? [sessions, memory] : [memory, sessions],
    model: (options.model ?? ctx?.vendor.models.sonnet ?? '') as DreamModel,
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
  };
}

/** Creates a dream over fresh inputs; asserts the creation answer and the fresh dream's fields. */
export async function createDream(
  ctx: CaseContext,
  ws: Workspace,
  options: { model?: string; instructions?: string; sessions?: number; sessionsFirst?: boolean } = {},
): Promise<DreamHandle> {
  const { storeId, sessionIds } = await freshInputs(ctx, ws, options.sessions ?? 1);
  const inputDigest = ctx.adapter.capabilities.has('memory-store-state')
    ? (await ctx.fixture('memory-store-state', 'memoryStoreState', storeId)).digest
    : undefined;
  const body = createBody(storeId, sessionIds, options, ctx);
  const sentAt = performance.now();
  const res = await ctx.call('dreams.create', { body, auth: authOf(ctx, ws) });
  success(ctx, res);
  const dream = ctx.bodyOf(res);
  checkFresh(ctx, dream, body);
  return {
    id: dream.id,
    ws,
    storeId,
    sessionIds,
    sent: body,
    sentAt,
    last: dream,
    state: machine.initial,
    store: 'live',
    session: 'live',
    output: 'live',
    ...(inputDigest === undefined ? {} : { inputDigest }),
  };
}

/**
 * The fields of a dream fresh from creation: `pending`, inputs and instructions as sent, outputs
 * empty, `session_id`, `ended_at`, `archived_at` and `error` null, usage all zero.
 */
export function checkFresh(
  ctx: CaseContext,
  dream: Dream,
  sent: { readonly inputs: unknown; readonly instructions?: string },
): void {
  const problems: string[] = [];
  const want = (what: string, got: unknown, expected: unknown) => {
    if (!containsData(got, expected))
      problems.push(`${what} is ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  };
  want('status', dream.status, dreamsMachine.statusOf(machine.initial));
  want('inputs', dream.inputs, sent.inputs);
  if (sent.instructions !== undefined) want('instructions', dream.instructions, sent.instructions);
  want('outputs', dream.outputs, []);
  want('session_id', dream.session_id, null);
  want('ended_at', dream.ended_at, null);
  want('archived_at', dream.archived_at, null);
  want('error', dream.error, null);
  want('usage', dream.usage, {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  });
  if (problems.length) ctx.fail(`fresh dream ${dream.id}: ${problems.join('; ')}`);
}
