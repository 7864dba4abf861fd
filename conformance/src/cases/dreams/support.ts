/**
 * What the dream cases share: creating dreams over fresh inputs, carrying out one event of the
 * dream machine against the target (an operation through the API, a happening through the
 * adapter), judging the answer by the row `step` gives, and checking the dream read back.
 *
 * Nothing here restates a transition: the expected next state, the HTTP outcome and the effects
 * all come from `step(dreamsMachine.machine, state, event)`. What this file adds is how each event
 * is carried out and how each effect of the table is observed on the dream record.
 */
import {
  DREAM_LIST_LIMIT_DEFAULT,
  type Dream,
  dreamRules,
  dreamsMachine,
  type StepResult,
  spec,
  step,
} from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { Workspace } from '../../adapter.js';
import type { CaseContext } from '../../case.js';
import { containsData, documentedPart, sameData } from '../../data.js';
import { isErrorBody } from '../../expectations.js';
import type { Response } from '../../http.js';

export type DreamState = dreamsMachine.DreamState;
export type DreamEvent = dreamsMachine.DreamEvent;
export type DreamStep = StepResult<DreamState, DreamEvent, never, dreamsMachine.DreamEffect>;

export const machine = dreamsMachine.machine;

/** The pipeline failure types the documents name (the drive of `pipeline.failed` picks one). */
export const PIPELINE_ERROR_TYPES = [
  'timeout',
  'internal_error',
  'memory_store_org_limit_exceeded',
  'input_memory_store_too_large',
] as const;

/** A dream the case created, with the inputs it made for it and what it knows of its fixtures. */
export interface DreamHandle {
  readonly id: string;
  /** The workspace the dream lives in (its key is the credential of every call on it). */
  readonly ws: Workspace;
  readonly storeId: string;
  readonly sessionIds: readonly string[];
  /** The body sent at creation (inputs, model, instructions as sent). */
  readonly sent: { readonly inputs: unknown; readonly model: string; readonly instructions?: string };
  /** The last dream read back. */
  last: Dream;
  /** The state the model holds for it. */
  state: DreamState;
  store: 'live' | 'archived' | 'deleted';
  session: 'live' | 'archived' | 'deleted';
  output: 'live' | 'archived' | 'deleted';
}

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

/** Asserts a 2xx answer (the dream operations' success statuses are not stated: UNSPEC-DREAM-SUCCESS-STATUS). */
export function success(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
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

/** A valid creation body over the given inputs. */
export function createBody(
  storeId: string,
  sessionIds: readonly string[],
  options: { model?: string; instructions?: string; sessionsFirst?: boolean } = {},
  ctx?: CaseContext,
): { inputs: unknown[]; model: string; instructions?: string } {
  const memory = { type: 'memory_store', memory_store_id: storeId };
  const sessions = { type: 'sessions', session_ids: [...sessionIds] };
  return {
    inputs: options.sessionsFirst ? [sessions, memory] : [memory, sessions],
    model: options.model ?? ctx?.vendor.models.sonnet ?? '',
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
  const body = createBody(storeId, sessionIds, options, ctx);
  const res = await ctx.call('dreams.create', { body, auth: authOf(ctx, ws) });
  success(ctx, res);
  const dream = res.body as Dream;
  checkFresh(ctx, dream, body);
  return {
    id: dream.id,
    ws,
    storeId,
    sessionIds,
    sent: body,
    last: dream,
    state: machine.initial,
    store: 'live',
    session: 'live',
    output: 'live',
  };
}

/** The credential of a workspace: the target's own key is `workspace`. */
export function authOf(ctx: CaseContext, ws: Workspace) {
  return ws.apiKey === ctx.target.workspace.apiKey
    ? ('workspace' as const)
    : { apiKey: ws.apiKey, placeholder: 'workspace_key_2' };
}

/**
 * The fields of a dream fresh from creation: `pending`, inputs and instructions as sent, outputs
 * empty, `session_id`, `ended_at`, `archived_at` and `error` null, usage all zero.
 */
export function checkFresh(
  ctx: CaseContext,
  dream: Dream,
  sent: { inputs: unknown; instructions?: string },
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

/** Reads a dream by id (schema-checked) and checks the field invariants of its status. */
export async function retrieve(ctx: CaseContext, handle: DreamHandle): Promise<Dream> {
  const res = await ctx.call('dreams.retrieve', {
    path: { dream_id: handle.id },
    auth: authOf(ctx, handle.ws),
  });
  success(ctx, res);
  const dream = res.body as Dream;
  const problems = dreamRules.dreamInvariantProblems(dream);
  if (problems.length)
    ctx.fail(
      `dream ${handle.id}: ${problems.map((p) => `${p.message} (${p.requirement})`).join('; ')}: ${JSON.stringify(dream)}`,
    );
  const stable = ['id', 'type', 'inputs', 'model', 'instructions', 'created_at'] as const;
  const last = documentedPart(spec.schemas, 'Dream', handle.last) as Record<string, unknown>;
  for (const k of stable) {
    if (!containsData(dream[k], last[k]))
      ctx.fail(
        `dream ${handle.id}: ${k} changed from ${JSON.stringify(handle.last[k])} to ${JSON.stringify(dream[k])}`,
      );
  }
  return dream;
}

/** Which fixture answer a happening got from the adapter. */
interface FixtureAnswer {
  readonly status: number;
  readonly body: unknown;
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
): Promise<{ res?: Response; fixture?: FixtureAnswer }> {
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
        ...(options.tokens ?? { input_tokens: 100, output_tokens: 50 }),
      });
      return {};
    case 'pipeline.succeeded':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, { action: 'succeed' });
      return {};
    case 'pipeline.failed':
      await ctx.fixture('drive-dreams', 'driveDream', handle.id, {
        action: 'fail',
        error_type: options.errorType ?? 'internal_error',
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

/** Judges the answer of an event by the row's outcome. */
export function judgeAnswer(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  answer: { res?: Response; fixture?: FixtureAnswer },
): void {
  const outcome = result.outcome;
  if (answer.res) {
    if (outcome.kind === 'ok') success(ctx, answer.res);
    else if (outcome.kind === 'error')
      ctx.status(answer.res, outcome.status, outcome.errorType ? { errorType: outcome.errorType } : {});
    return;
  }
  // Only the output-store attempts have an answer the table judges: 400 while the dream is active
  // (MEMSTORE-OUTPUT-*-ACTIVE-400), allowed once it ended (MEMSTORE-OUTPUT-RELEASE-AFTER-END).
  if (answer.fixture && event.startsWith('output_store.')) {
    const { status, body } = answer.fixture;
    if (outcome.kind === 'error') {
      if (status !== outcome.status || !isErrorBody(body))
        ctx.fail(
          `${event} of the output store of a ${result.row.from.join('/')} dream: expected ${outcome.status} with the error body, got ${status}: ${JSON.stringify(body)}`,
        );
    } else if (outcome.kind === 'happens' && (status < 200 || status >= 300)) {
      ctx.fail(
        `${event} of the output store of an ended dream was refused (${status}): ${JSON.stringify(body)}`,
      );
    }
  }
}

const usageSum = (d: Dream) =>
  d.usage.input_tokens +
  d.usage.output_tokens +
  d.usage.cache_creation_input_tokens +
  d.usage.cache_read_input_tokens;

/** The error type a failing row sets: the loss of an input names it, a pipeline failure carries it. */
function expectedErrorType(event: DreamEvent, options: EventOptions): string | null {
  if (event === 'input_store.unavailable') return dreamRules.LOST_INPUT_FAILURES.memory_store.errorType;
  if (event === 'input_session.unavailable') return dreamRules.LOST_INPUT_FAILURES.session.errorType;
  if (event === 'pipeline.failed') return options.errorType ?? 'internal_error';
  return null;
}

/**
 * Checks the dream read back after an event against the row: the state key is the row's next
 * state, each observable effect shows on the record, and a row without effects that leaves the
 * state unchanged leaves the whole record unchanged (the idempotent no-ops, the 400s, the ignored
 * happenings).
 */
export function judgeRecord(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  before: Dream,
  after: Dream,
  options: EventOptions = {},
): void {
  const observed = dreamsMachine.stateOf(after);
  const where = `after ${event} on the ${dreamsMachine.stateOf(before)} dream ${after.id}`;
  if (observed !== result.next)
    ctx.fail(`${where}: expected state ${result.next}, observed ${observed} (${JSON.stringify(after)})`);
  if (!result.changed && result.effects.length === 0) {
    if (
      !sameData(documentedPart(spec.schemas, 'Dream', after), documentedPart(spec.schemas, 'Dream', before))
    )
      ctx.fail(
        `${where}: expected the dream unchanged, was ${JSON.stringify(before)}, now ${JSON.stringify(after)}`,
      );
    return;
  }
  const problems: string[] = [];
  for (const effect of result.effects) {
    switch (effect) {
      case 'set_session_id':
        if (typeof after.session_id !== 'string') problems.push('session_id is not set');
        break;
      case 'add_output_store':
        if (after.outputs.length === 0) problems.push('outputs hold no output store');
        break;
      case 'update_usage': {
        const keys = Object.keys(before.usage) as (keyof Dream['usage'])[];
        const lower = keys.filter((k) => after.usage[k] < before.usage[k]);
        if (lower.length) problems.push(`usage decreased (${lower.join(', ')})`);
        const consumed = options.tokens ?? { input_tokens: 100, output_tokens: 50 };
        if (
          event === 'pipeline.progress' &&
          consumed.input_tokens + consumed.output_tokens > 0 &&
          usageSum(after) <= usageSum(before)
        )
          problems.push(
            `usage did not grow while running (${JSON.stringify(before.usage)} -> ${JSON.stringify(after.usage)})`,
          );
        break;
      }
      case 'set_ended_at':
        if (after.ended_at === null) problems.push('ended_at is not set');
        break;
      case 'set_error_type': {
        const type = expectedErrorType(event, options);
        if (after.error === null) problems.push('error is not set');
        else if (type !== null && after.error.type !== type)
          problems.push(
            `error.type is ${JSON.stringify(after.error.type)}, expected ${JSON.stringify(type)}`,
          );
        break;
      }
      case 'set_archived_at':
        if (after.archived_at === null) problems.push('archived_at is not set');
        break;
      // Not observable on the dream record through the documented API: the pipeline session (read
      // through the adapter, see judgePipelineSession), the contents of the output store, and the
      // default list (the list command checks that one).
      case 'archive_pipeline_session':
      case 'populate_output_store':
      case 'leave_output_store':
      case 'exclude_from_default_lists':
        break;
    }
  }
  if (problems.length) ctx.fail(`${where}: ${problems.join('; ')}: ${JSON.stringify(after)}`);
}

/**
 * Applies one event to a dream the case holds: `step` gives the row; the event is carried out;
 * the answer and the record read back are judged by the row (an `unspecified` row asserts
 * nothing and adopts what is observed). Returns the step.
 */
export async function applyEvent(
  ctx: CaseContext,
  handle: DreamHandle,
  event: DreamEvent,
  options: EventOptions = {},
): Promise<DreamStep> {
  const result = step(machine, handle.state, event);
  if (result.outcome.kind === 'impossible')
    throw new Error(`the model generated ${event} in state ${handle.state}, which cannot happen there`);
  const before = handle.last;
  const answer = await perform(ctx, handle, event, options);
  judgeAnswer(ctx, result, event, answer);
  const after = await retrieve(ctx, handle);
  const noticed = after.status === 'failed' ? options.noticed : undefined;
  if (noticed?.length) {
    const loss = noticed.find((e) => expectedErrorType(e, options) === after.error?.type) ?? noticed[0]!;
    const lossStep = step(machine, handle.state, loss);
    judgeRecord(ctx, lossStep, loss, before, after, options);
    handle.state = lossStep.next;
    handle.last = after;
    return lossStep;
  }
  if (result.outcome.kind === 'unspecified') handle.state = dreamsMachine.stateOf(after);
  else {
    judgeRecord(ctx, result, event, before, after, options);
    await judgePipelineSession(ctx, result, event, after);
    handle.state = result.next;
  }
  handle.last = after;
  return result;
}

/**
 * The pipeline session is archived when the row says so (DREAM-PIPELINE-SESSION-ARCHIVED), where
 * the adapter can tell (session records are not shown: capability `session-state`).
 */
async function judgePipelineSession(ctx: CaseContext, result: DreamStep, event: DreamEvent, after: Dream) {
  if (!result.effects.includes('archive_pipeline_session') || after.session_id === null) return;
  if (!ctx.adapter.capabilities.has('session-state')) return;
  const session = await ctx.fixture('session-state', 'sessionState', after.session_id);
  if (!session.archived)
    ctx.fail(`after ${event}, the pipeline session ${after.session_id} of dream ${after.id} is not archived`);
}

/** The happenings that move a dream by themselves as time passes (the pipeline's own progress). */
const TIME_DRIVEN: readonly DreamEvent[] = [
  'pipeline.started',
  'pipeline.progress',
  'pipeline.succeeded',
  'pipeline.failed',
];

/** The states a dream may reach from `from` by the pipeline alone (the table's `happens` rows). */
export function reachableByPipeline(from: DreamState): Set<DreamState> {
  const seen = new Set<DreamState>([from]);
  const queue: DreamState[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    for (const e of TIME_DRIVEN) {
      const r = step(machine, s, e);
      if (r.outcome.kind === 'happens' && !seen.has(r.next)) {
        seen.add(r.next);
        queue.push(r.next);
      }
    }
  }
  return seen;
}

/**
 * The shortest sequence of events (operations and pipeline happenings whose rows take effect)
 * that brings a new dream to `target`, found by walking the machine's table.
 */
export function pathTo(target: DreamState): DreamEvent[] {
  const events: DreamEvent[] = ['dreams.cancel', 'dreams.archive', ...TIME_DRIVEN];
  const prev = new Map<DreamState, { from: DreamState; event: DreamEvent } | null>([[machine.initial, null]]);
  const queue: DreamState[] = [machine.initial];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === target) break;
    for (const e of events) {
      const r = step(machine, s, e);
      const takesEffect = r.outcome.kind === 'ok' || r.outcome.kind === 'happens';
      if (takesEffect && r.changed && !prev.has(r.next)) {
        prev.set(r.next, { from: s, event: e });
        queue.push(r.next);
      }
    }
  }
  if (!prev.has(target)) throw new Error(`no path to ${target} in the dream machine`);
  const path: DreamEvent[] = [];
  for (let s = target, p = prev.get(s); p; s = p.from, p = prev.get(s)) path.unshift(p.event);
  return path;
}

/** Creates a dream and brings it to `target` along `path` (default `pathTo(target)`), judging every step. */
export async function dreamIn(
  ctx: CaseContext,
  ws: Workspace,
  target: DreamState,
  path: readonly DreamEvent[] = pathTo(target),
): Promise<DreamHandle> {
  const handle = await createDream(ctx, ws);
  for (const event of path) await applyEvent(ctx, handle, event);
  if (handle.state !== target) ctx.fail(`could not bring dream ${handle.id} to ${target}`);
  return handle;
}

/**
 * The dreams of a dream-list answer. The envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE), so
 * neither is where the dreams sit nor where a next-page cursor would be: the dreams are the one
 * array of the body (at any depth, itself included) whose items are dreams; an empty list when
 * every array of the body is empty. Every item must be a dream (DREAM-LIST-WORKSPACE). Pages after the first cannot be
 * reached without the envelope; the cases read first pages only, with `limit` up to 100.
 */
export function readDreamPage(ctx: CaseContext, body: unknown): Dream[] {
  const arrays = arraysOutsideDreams(body);
  const ofDreams = arrays.filter(
    (a) => a.length > 0 && a.every((x) => (x as { type?: unknown } | null)?.type === 'dream'),
  );
  let items: unknown[] | undefined;
  if (ofDreams.length === 1) items = ofDreams[0];
  else if (ofDreams.length === 0 && arrays.length > 0 && arrays.every((a) => a.length === 0)) items = [];
  if (!items) return ctx.fail(`the dream list answered no one array of dreams: ${JSON.stringify(body)}`);
  for (const item of items) {
    const r = validateSchema('Dream', item, { mode: 'contract' });
    if (!r.ok) ctx.fail(`the dream list holds an item that is not a dream: ${r.error.error.message}`);
  }
  return items as Dream[];
}

/** The arrays of a body (the body itself, or at any depth up to 4), not looking inside dreams. */
function arraysOutsideDreams(x: unknown, depth = 0): unknown[][] {
  if (depth > 4 || x === null || typeof x !== 'object') return [];
  if (Array.isArray(x)) return [x];
  if ((x as { type?: unknown }).type === 'dream') return [];
  return Object.values(x as Record<string, unknown>).flatMap((v) => arraysOutsideDreams(v, depth + 1));
}

/** The first page of the dream list (the only one reachable: see `readDreamPage`); asserts its size. */
export async function firstPage(
  ctx: CaseContext,
  ws: Workspace,
  query: { limit?: number; include_archived?: boolean },
): Promise<Dream[]> {
  const res = await ctx.call('dreams.list', { query: { ...query }, auth: authOf(ctx, ws) }, false);
  success(ctx, res);
  const items = readDreamPage(ctx, res.body);
  const max = query.limit ?? DREAM_LIST_LIMIT_DEFAULT;
  if (items.length > max)
    ctx.fail(`a dream list page holds ${items.length} dreams, more than the limit ${max}`);
  return items;
}

/** Problems of a page of the list: duplicates, and `created_at` increasing somewhere. */
export function listProblems(items: readonly Dream[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const d of items) {
    if (ids.has(d.id)) problems.push(`dream ${d.id} is listed twice`);
    ids.add(d.id);
  }
  for (let i = 1; i < items.length; i++) {
    if (dreamRules.compareNewestFirst(items[i - 1]!, items[i]!) > 0)
      problems.push(
        `not newest first: ${items[i - 1]!.id} (${items[i - 1]!.created_at}) before ${items[i]!.id} (${items[i]!.created_at})`,
      );
  }
  return problems;
}
