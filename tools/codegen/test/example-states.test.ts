/**
 * Every example of the published OpenAPI document is one the contract admits and a state the
 * machines reach: request examples pass the request validators (contract mode), response examples
 * the response validators (strict, the form the reference server answers in), and every message
 * batch and dream shown holds its record's invariants (counts add up to the batch's requests,
 * `ended_at` and `results_url` set exactly once ended, a dream's `ended_at` and `error` by its
 * status) in a state of its machine.
 */
import { readFileSync } from 'node:fs';
import {
  batchRules,
  dreamRules,
  dreamsMachine,
  type MessageBatch,
  messageBatchesMachine,
} from '@vendor-api/spec';
import { validateRequest, validateResponse } from '@vendor-api/validators';
import { describe, expect, it } from 'vitest';

type Obj = Record<string, any>;

const doc = JSON.parse(
  readFileSync(new URL('../../../packages/openapi/openapi.json', import.meta.url), 'utf8'),
) as Obj;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const operations = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Obj })),
);
const resolveParam = (p: Obj): Obj =>
  typeof p.$ref === 'string' ? doc.components.parameters[p.$ref.split('/').at(-1)!] : p;
const json = (content: Obj | undefined): Obj | undefined => content?.['application/json'];

/** Every JSON object inside a value, the value itself included. */
function objects(value: unknown): Obj[] {
  if (Array.isArray(value)) return value.flatMap(objects);
  if (value === null || typeof value !== 'object') return [];
  return [value as Obj, ...Object.values(value).flatMap(objects)];
}

/** The response examples of the document: operation, status, value. */
const responseExamples = operations.flatMap(({ op }) =>
  Object.entries(op.responses as Obj).flatMap(([status, response]) => {
    const media = json(response.content);
    return media && 'example' in media ? [{ id: String(op.operationId), status, value: media.example }] : [];
  }),
);

/** The number of requests of each batch the examples create, by batch id. */
function batchTotals(): Map<string, number> {
  const totals = new Map<string, number>();
  const create = operations.find(({ op }) => op.operationId === 'messages.batches.create')?.op;
  const requests = json(create?.requestBody?.content)?.example?.requests;
  for (const { id, status, value } of responseExamples)
    if (id === 'messages.batches.create' && status.startsWith('2') && Array.isArray(requests))
      totals.set(String(value.id), requests.length);
  return totals;
}

describe('examples of the OpenAPI document', () => {
  it('request examples pass the contract request validators', () => {
    const problems: string[] = [];
    for (const { op } of operations) {
      const parts: { path: Obj; query: Obj; headers: Record<string, string>; body?: unknown } = {
        path: {},
        query: {},
        headers: {},
      };
      for (const raw of op.parameters as Obj[]) {
        const p = resolveParam(raw);
        if (!('example' in p)) continue;
        if (p.in === 'path') parts.path[p.name] = p.example;
        else if (p.in === 'query') parts.query[p.name] = String(p.example);
        else if (p.in === 'header') parts.headers[p.name] = String(p.example);
      }
      const media = json(op.requestBody?.content);
      if (media && 'example' in media) parts.body = structuredClone(media.example);
      const result = validateRequest(op.operationId, parts, { mode: 'contract' });
      if (!result.ok)
        problems.push(`${op.operationId}: ${result.issues.map((i) => `${i.where} ${i.message}`).join('; ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('response examples pass the response validators', () => {
    expect(responseExamples.length).toBeGreaterThan(operations.length);
    const problems: string[] = [];
    for (const { id, status, value } of responseExamples) {
      const code = Number(status);
      if (!Number.isInteger(code)) continue;
      const result = validateResponse(id, code, value);
      if (!result.ok)
        problems.push(`${id} ${status}: ${result.issues.map((i) => `${i.where} ${i.message}`).join('; ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('every message batch shown is a state of the batch machine, its counts adding up', () => {
    const totals = batchTotals();
    const problems: string[] = [];
    let seen = 0;
    for (const { id, status, value } of responseExamples) {
      for (const batch of objects(value).filter((o) => o.type === 'message_batch')) {
        seen++;
        const at = `${id} ${status} ${batch.id}`;
        const state = String(batch.processing_status);
        if (!(messageBatchesMachine.states as readonly string[]).includes(state))
          problems.push(`${at}: ${state} is not a state of the batch machine`);
        // The machine has no cancel event: nothing it reaches was canceled.
        if (batch.cancel_initiated_at !== null) problems.push(`${at}: cancel_initiated_at is set`);
        if (batch.request_counts?.canceled !== 0) problems.push(`${at}: canceled requests`);
        const total = totals.get(String(batch.id));
        if (total === undefined) problems.push(`${at}: a batch no create example made`);
        for (const p of batchRules.batchRecordProblems(batch as MessageBatch, total))
          problems.push(`${at}: ${p}`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(3); // created, listed, retrieved
    expect(problems).toEqual([]);
  });

  it('every dream shown is a state of the dream machine with its invariants', () => {
    const problems: string[] = [];
    const statuses = new Set<string>();
    for (const { id, status, value } of responseExamples) {
      for (const dream of objects(value).filter((o) => o.type === 'dream')) {
        const at = `${id} ${status} ${dream.id}`;
        const state = `${dream.status}${dream.archived_at === null ? '' : ':archived'}`;
        statuses.add(state);
        if (!(dreamsMachine.DREAM_STATES as readonly string[]).includes(state))
          problems.push(`${at}: ${state} is not a state of the dream machine`);
        for (const p of dreamRules.dreamInvariantProblems(dream as dreamRules.DreamInvariantFields))
          problems.push(`${at}: ${p.message}`);
      }
    }
    expect(problems).toEqual([]);
    // A new dream, a completed one, one canceled and archived.
    expect([...statuses].sort()).toEqual(['canceled', 'canceled:archived', 'completed', 'pending']);
  });

  it('a new batch is in progress, the one retrieved has ended with its results', () => {
    const example = (id: string) =>
      responseExamples.find((e) => e.id === id && e.status.startsWith('2'))?.value as Obj;
    expect(example('messages.batches.create')).toMatchObject({
      processing_status: 'in_progress',
      ended_at: null,
    });
    expect(example('messages.batches.retrieve')).toMatchObject({
      processing_status: 'ended',
      results_url: expect.any(String),
    });
  });

  it('the dreams list shows a page with the next one to follow, of the size its request asks', () => {
    const list = operations.find(({ op }) => op.operationId === 'dreams.list')!.op;
    const limit = (list.parameters as Obj[]).map(resolveParam).find((p) => p.name === 'limit');
    const page = json(list.responses['200'].content)?.example;
    expect(page.next_page).toEqual(expect.any(String));
    expect(page.data).toHaveLength(limit?.example);
  });
});
