/**
 * `same-body-as` compares two answers as data. The portable (templated) form of an answer depends
 * on the variables bound when it was taken, so a value bound between two identical answers must
 * not make them differ.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '../src/adapter.js';
import { CheckFailure, Http } from '../src/http.js';
import { Recorder } from '../src/trace.js';

/** An identifier deeper than the recorder binds from an answer (it binds two levels down). */
const DEEP_ID = 'msg_0123456789ABCDEF';

let server: Server;
let target: Target;
let answer: unknown = { a: { b: { c: { id: DEEP_ID } } } };

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  target = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminKey: 'admin-secret',
    workspace: { id: 'wrkspc_test', apiKey: 'workspace-secret' },
    organizationId: '00000000-0000-4000-8000-000000000000',
  };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('same-body-as', () => {
  it('holds for identical answers taken on either side of a new variable binding', async () => {
    answer = { a: { b: { c: { id: DEEP_ID } } } };
    const recorder = new Recorder();
    const http = new Http(target, recorder);
    const first = await http.raw('GET', '/thing');
    // Something between the two answers (a fixture result, another answer) binds the identifier.
    recorder.bindFrom({ id: DEEP_ID }, {});
    expect(recorder.portable(DEEP_ID)).not.toBe(DEEP_ID);
    const second = await http.raw('GET', '/thing');
    expect(() => http.expect(second, [{ kind: 'same-body-as', step: first.index }])).not.toThrow();
    // The trace still holds the portable forms.
    expect(JSON.stringify(recorder.steps[second.index])).not.toContain(DEEP_ID);
  });

  it('holds for identical answers taken on either side of a new secret', async () => {
    answer = { a: { b: { c: { note: 'carries secret-2 inside' } } } };
    const recorder = new Recorder();
    const http = new Http(target, recorder);
    const first = await http.raw('GET', '/thing');
    recorder.secret('secret-2', 'workspace_key_2');
    const second = await http.raw('GET', '/thing');
    expect(() => http.expect(second, [{ kind: 'same-body-as', step: first.index }])).not.toThrow();
  });

  it('still fails answers whose data differ', async () => {
    const recorder = new Recorder();
    const http = new Http(target, recorder);
    answer = { a: { b: { c: { id: DEEP_ID } } } };
    const first = await http.raw('GET', '/thing');
    answer = { a: { b: { c: { id: 'msg_FEDCBA9876543210' } } } };
    const second = await http.raw('GET', '/thing');
    expect(() => http.expect(second, [{ kind: 'same-body-as', step: first.index }])).toThrow(CheckFailure);
  });
});
