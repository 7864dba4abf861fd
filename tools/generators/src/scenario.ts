/**
 * The calls every generated client makes against the reference server, and how each answer is
 * judged: a message; a batch, driven to its end through test control, retrieved, and its results
 * read from `results_url`; a session over a memory store, and a dream over both, created and
 * retrieved. Every body is checked against the spec's response schema (the contract validators),
 * so a client that garbles a body, or a call that misses its route or its headers, fails the step.
 */
import { type OperationId, operation, spec } from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import type { Calls, Inputs, Reply } from './calls.js';

/** One call of the scenario and its verdict. */
export interface Step {
  readonly operation: OperationId;
  readonly ok: boolean;
  /** What went wrong, in one line (empty when ok). */
  readonly problem: string;
}

/** What the scenario needs of the server beyond the documented API: test control. */
export interface Control {
  /** A memory store of the target workspace. */
  createMemoryStore(): Promise<string>;
  /** Every request of the batch processed now, and the batch ended. */
  completeBatch(batchId: string): Promise<void>;
}

/** The scenario's inputs, from the spec: a model it documents, and the betas each family needs. */
export function scenarioInputs(memoryStoreId: string, label: string): Inputs {
  return {
    model: spec.vendor.models.sonnet,
    customIds: ['first', 'second'].map((n) => `${label.replace(/[^A-Za-z0-9_-]+/g, '-')}-${n}`),
    sessionBetas: operation(spec, 'sessions.create').betas.join(','),
    dreamBetas: operation(spec, 'dreams.create').betas.join(','),
    memoryStoreId,
  };
}

/** A step's verdict: what the call answered does not hold. */
class StepFailed extends Error {}
/** Thrown past a failed step, once it is recorded: the steps after it are not run. */
class Stopped extends Error {}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** The reply's body when it is a success the operation's contract accepts; otherwise the step fails. */
function accepted(id: OperationId, reply: Reply): Record<string, unknown> {
  if (reply.status < 200 || reply.status > 299) {
    throw new StepFailed(`answered ${reply.status}: ${short(reply.body)}`);
  }
  const result = validateResponse(id, reply.status, reply.body, { mode: 'contract' });
  if (!result.ok) {
    throw new StepFailed(
      `body outside the contract: ${result.issues.map((i) => `${i.where} ${i.message}`).join('; ')}`,
    );
  }
  if (typeof reply.body !== 'object' || reply.body === null)
    throw new StepFailed(`no object: ${short(reply.body)}`);
  return reply.body as Record<string, unknown>;
}

const stringField = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string') throw new StepFailed(`\`${field}\` is ${short(value)}, not a string`);
  return value;
};

/** The lines of a results body: each a result line of the contract; their `custom_id`s. */
function resultIds(reply: Reply): string[] {
  if (reply.status < 200 || reply.status > 299) {
    throw new StepFailed(`answered ${reply.status}: ${short(reply.body)}`);
  }
  if (typeof reply.body !== 'string') throw new StepFailed(`the client gave no text: ${short(reply.body)}`);
  return reply.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) =>
      stringField(
        accepted('messages.batches.results', { status: reply.status, body: JSON.parse(line) }),
        'custom_id',
      ),
    );
}

/** Runs the scenario through one client; stops at the first step that fails (the rest need it). */
export async function runScenario(calls: Calls, control: Control, label: string): Promise<Step[]> {
  const steps: Step[] = [];
  const step = async <T>(id: OperationId, run: () => Promise<T>): Promise<T> => {
    try {
      const value = await run();
      steps.push({ operation: id, ok: true, problem: '' });
      return value;
    } catch (e) {
      const problem =
        e instanceof StepFailed ? e.message : `the call threw: ${e instanceof Error ? e.message : String(e)}`;
      steps.push({ operation: id, ok: false, problem: problem.split('\n')[0] ?? problem });
      throw new Stopped(problem);
    }
  };
  const inputs = scenarioInputs(await control.createMemoryStore(), label);
  try {
    await step('messages.create', async () => accepted('messages.create', await calls.createMessage(inputs)));
    const batchId = await step('messages.batches.create', async () =>
      stringField(accepted('messages.batches.create', await calls.createBatch(inputs)), 'id'),
    );
    await control.completeBatch(batchId);
    const resultsUrl = await step('messages.batches.retrieve', async () =>
      stringField(accepted('messages.batches.retrieve', await calls.retrieveBatch(batchId)), 'results_url'),
    );
    await step('messages.batches.results', async () => {
      const ids = resultIds(await calls.batchResults(resultsUrl)).sort();
      const sent = [...inputs.customIds].sort();
      if (JSON.stringify(ids) !== JSON.stringify(sent)) {
        throw new StepFailed(`results for ${short(ids)}, requests were ${short(sent)}`);
      }
    });
    const sessionId = await step('sessions.create', async () =>
      stringField(accepted('sessions.create', await calls.createSession(inputs)), 'id'),
    );
    const dreamId = await step('dreams.create', async () =>
      stringField(accepted('dreams.create', await calls.createDream(inputs, sessionId)), 'id'),
    );
    await step('dreams.retrieve', async () => {
      const id = stringField(accepted('dreams.retrieve', await calls.retrieveDream(inputs, dreamId)), 'id');
      if (id !== dreamId) throw new StepFailed(`retrieved ${id}, created ${dreamId}`);
    });
  } catch (e) {
    if (!(e instanceof Stopped)) throw e;
  }
  return steps;
}
