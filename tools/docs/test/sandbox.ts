/**
 * The reference server as the docs' tests use it: in-process on 127.0.0.1 with test control and a
 * manual clock; plain HTTP helpers; every answer it gave, named by the operation its route serves
 * (the server's own record of what a sample reached); and the fixtures the documented API gives
 * no endpoint for (users, memory stores, files, repositories, a federation issuer and rule).
 */

import {
  createServer,
  ManualClock,
  TEST_CONTROL_PREFIX,
  TEST_CONTROL_TOKEN_HEADER,
} from '@vendor-api/reference-server';
import { type ControlEndpointId, controlPath } from '@vendor-api/spec';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect } from 'vitest';

export type Obj = Record<string, any>;

/** One answer of the server: the operation of its route (none for test control), method, URL, status. */
export interface Answered {
  readonly operation: string | undefined;
  readonly method: string;
  readonly url: string;
  readonly status: number;
}

export interface HttpAnswer {
  readonly status: number;
  readonly json: Obj | undefined;
  readonly text: string;
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startSandbox(seed: string) {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const app = createServer({ seed, clock, testControl: true });
  const answered: Answered[] = [];
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = (request.routeOptions.config as { endpoint?: { id: string } } | undefined)?.endpoint;
    answered.push({
      operation: endpoint?.id,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
    });
  });
  const base = await app.reference.listenLocal(0);
  const { demo } = app.reference.state;

  async function http(method: string, url: string, headers: Record<string, string>, body?: unknown) {
    const res = await fetch(new URL(url, base), {
      method: method.toUpperCase(),
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Obj | undefined;
    try {
      json = JSON.parse(text) as Obj;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text } satisfies HttpAnswer;
  }

  /** A test-control call that must succeed; its answer. */
  async function control(id: ControlEndpointId, params: Record<string, string> = {}, body: unknown = {}) {
    const res = await http(
      'post',
      `${TEST_CONTROL_PREFIX}${controlPath(id, params)}`,
      { [TEST_CONTROL_TOKEN_HEADER]: app.reference.testControlToken ?? '' },
      body,
    );
    expect(res.status, `${id}: ${res.text}`).toBe(200);
    return res.json ?? {};
  }

  /**
   * A federation rule that accepts a JWT the test signs, and such a JWT, valid now on the
   * server's clock: what the token exchange needs and no fixed example can hold.
   */
  async function exchangeFixture() {
    const issuerUrl = 'https://idp.example.test/';
    const subject = 'repo:example/app:ref:refs/heads/main';
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'samples-1', alg: 'ES256', use: 'sig' };
    const issuer = await control(
      'issuers.create',
      {},
      {
        name: 'samples',
        issuer_url: issuerUrl,
        jwks: { type: 'inline', keys: [jwk] },
      },
    );
    const account = await control(
      'service-accounts.create',
      {},
      {
        name: 'samples',
        workspace_ids: [demo.workspaceId],
      },
    );
    const rule = await control(
      'rules.create',
      {},
      {
        issuer_id: issuer.id,
        name: 'samples',
        match: { subject_prefix: subject },
        oauth_scope: 'workspace:developer',
        workspace_id: demo.workspaceId,
      },
    );
    const now = Math.floor(clock.now() / 1000);
    const assertion = await new SignJWT({ iss: issuerUrl, sub: subject, iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
      .sign(privateKey);
    return {
      assertion,
      federationRuleId: String(rule.id),
      organizationId: demo.organizationId,
      serviceAccountId: String(account.id),
    };
  }

  return {
    app,
    base,
    demo,
    clock,
    answered,
    http,
    control,
    exchangeFixture,
    close: () => app.close(),
  };
}
