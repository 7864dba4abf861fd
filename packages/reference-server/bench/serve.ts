/**
 * A server of a benchmark in a process of its own (`ServerProcess` in harness.ts forks this file):
 * the measured server and its baseline never share a process, so neither one's JIT, heap or
 * garbage collector weighs on the other, and the order they run in cannot favour one (a validation
 * benchmark measured 1.8 with both in one process and 1.2 in separate ones).
 *
 * The first IPC message says which server to start; the answer carries its base URL and what a
 * client needs (keys, ids). Then `{cpu: true}` is answered with the process's CPU time so far (user
 * + system, in µs), and `{close: true}` stops the server and the process. Listens on 127.0.0.1.
 */

import { createServer, REQUEST_ID_HEADER } from '@vendor-api/reference-server';
import Fastify from 'fastify';
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';

export type ServerSpec =
  /** The reference server, with its test-control API when asked. */
  | { readonly kind: 'reference'; readonly testControl?: boolean }
  /** A bare Fastify route answering `POST /v1/messages` with a message of the reference's shape. */
  | { readonly kind: 'bare-messages'; readonly idDigits: number }
  /**
   * A bare Fastify route that verifies the posted assertion with jose and answers a token of the
   * reference's shape (`answer`: the reference's own answer to an exchange).
   */
  | {
      readonly kind: 'bare-jose';
      readonly jwk: JWK;
      readonly issuer: string;
      readonly idDigits: number;
      readonly answer: { readonly access_token: string; readonly expires_in: number; readonly scope: string };
    };

export interface Started {
  readonly base: string;
  readonly workspaceKey?: string;
  readonly workspaceId?: string;
  readonly organizationId?: string;
  readonly controlToken?: string;
}

async function start(spec: ServerSpec): Promise<{ started: Started; close(): Promise<void> }> {
  if (spec.kind === 'reference') {
    const app = createServer({ seed: 'bench', testControl: spec.testControl === true });
    const base = await app.reference.listenLocal(0);
    const { demo } = app.reference.state;
    return {
      started: {
        base,
        workspaceKey: demo.workspaceKey,
        workspaceId: demo.workspaceId,
        organizationId: demo.organizationId,
        ...(app.reference.testControlToken ? { controlToken: app.reference.testControlToken } : {}),
      },
      close: () => app.close(),
    };
  }
  const bare = Fastify({ logger: false });
  let answered = 0;
  if (spec.kind === 'bare-messages') {
    bare.post('/v1/messages', async (request, reply) => {
      const params = request.body as { model: string; messages: { content: string }[] };
      const n = String(++answered).padStart(spec.idDigits, '0');
      reply.header(REQUEST_ID_HEADER, `req_${n}`);
      return {
        id: `msg_${n}`,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: `Reference reply: ${params.messages.at(-1)?.content}` }],
        model: params.model,
        stop_reason: 'end_turn',
        usage: { input_tokens: 14, output_tokens: 14 },
      };
    });
  } else {
    const keySet = createLocalJWKSet({ keys: [spec.jwk] });
    bare.post('/v1/oauth/token', async (request, reply) => {
      await jwtVerify((request.body as { assertion: string }).assertion, keySet, {
        issuer: spec.issuer,
        algorithms: ['ES256'],
      });
      const n = String(++answered);
      reply.header(REQUEST_ID_HEADER, `req_${n.padStart(spec.idDigits, '0')}`);
      return {
        access_token: n.padStart(spec.answer.access_token.length, '0'),
        token_type: 'Bearer',
        expires_in: spec.answer.expires_in,
        scope: spec.answer.scope,
      };
    });
  }
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { started: { base: `http://127.0.0.1:${port}` }, close: () => bare.close() };
}

// As a child process of `ServerProcess`: the spec first, then CPU readings until told to close.
if (process.send !== undefined) {
  let server: Awaited<ReturnType<typeof start>> | undefined;
  process.on('message', (message: { spec?: ServerSpec; cpu?: true; close?: true }) => {
    if (message.spec !== undefined) {
      start(message.spec).then(
        (s) => {
          server = s;
          process.send?.({ ok: true, started: s.started });
        },
        (error: unknown) => process.send?.({ ok: false, error: String(error) }),
      );
    } else if (message.cpu) {
      const { user, system } = process.cpuUsage();
      process.send?.({ ok: true, cpuUs: user + system });
    } else if (message.close) {
      void (server?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    }
  });
  // The parent gone (a benchmark that failed): nothing left to serve.
  process.on('disconnect', () => process.exit(0));
}
