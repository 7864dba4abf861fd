import { access, jwt, vendor } from '@vendor-api/spec';
import { CompactSign } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectValid } from '../helpers.js';
import {
  expectInvalidGrant,
  GRANT_TYPE,
  ISSUER_URL,
  keyPair,
  SUBJECT,
  setupFederation,
  sign,
} from './helpers.js';

describe('token exchange: success (EXCH-RESPONSE-SHAPE)', () => {
  it('exchanges a valid JWT for a Bearer token with the rule scope and lifetime', async () => {
    const f = await setupFederation({ tokenLifetime: 900 });
    const res = await f.exchangeSigned();
    expect(res.status, res.text).toBe(200);
    expectValid('oauth.token', 200, res.json);
    expect(Object.keys(res.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(res.json.token_type).toBe('Bearer'); // EXCH-RESPONSE-TOKEN-TYPE
    expect(res.json.scope).toBe('workspace:developer'); // EXCH-RESPONSE-SCOPE
    expect(res.json.expires_in).toBe(900); // UNSPEC-EXCH-EXPIRES-IN-VALUE: the rule's lifetime
    expect(String(res.json.access_token).startsWith(vendor.prefixes.accessToken)).toBe(true); // ID-ACCESS-TOKEN-PREFIX
  });

  it('defaults the lifetime to 3600 seconds (RULE-LIFETIME-DEFAULT)', async () => {
    const f = await setupFederation();
    const res = await f.exchangeSigned();
    expect(res.json.expires_in).toBe(3600);
  });

  it('takes no credential header nor, unless version-header-strict, the version header (EXCH-ENDPOINT, UNSPEC-VERSION-HEADER-MISSING)', async () => {
    for (const [variants, status] of [
      [[], 200],
      [['version-header-strict'], 400],
    ] as const) {
      const f = await setupFederation({ variants });
      const assertion = await sign(f.es256, f.nowSeconds());
      const res = await f.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          grant_type: GRANT_TYPE,
          assertion,
          federation_rule_id: f.rule.id,
          organization_id: f.demo.organizationId,
          service_account_id: f.account.id,
        }),
      });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 400) {
        expect(res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      }
    }
  });

  it('accepts every one of the nine algorithms (JWT-ALG-ACCEPTED)', async () => {
    const keys = await Promise.all(jwt.ACCEPTED_ALGORITHMS.map((alg) => keyPair(alg)));
    const f = await setupFederation({ keys });
    for (const key of keys) {
      const res = await f.exchange({ assertion: await sign(key, f.nowSeconds()) });
      expect(res.status, `${key.alg}: ${res.text}`).toBe(200);
    }
  });
});

describe('token exchange: body validation (400 invalid_request)', () => {
  it('rejects each missing required field (EXCH-ERR-FIELD-MISSING)', async () => {
    const f = await setupFederation();
    const assertion = await sign(f.es256, f.nowSeconds());
    const full = {
      grant_type: GRANT_TYPE,
      assertion,
      federation_rule_id: f.rule.id,
      organization_id: f.demo.organizationId,
      service_account_id: f.account.id,
    };
    for (const field of Object.keys(full)) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      const res = await f.exchange({}, JSON.stringify(body));
      expect(res.status, field).toBe(400);
      expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request' } });
      expect((res.json.error as { message: string }).message).toContain(field);
    }
  });

  it('rejects a malformed federation_rule_id (EXCH-ERR-RULE-ID-MALFORMED)', async () => {
    const f = await setupFederation();
    const res = await f.exchangeSigned({}, { federation_rule_id: 'rule_123' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request' } });
  });

  it('answers other malformed bodies with invalid_request too (UNSPEC-EXCH-OTHER-VALIDATION)', async () => {
    const f = await setupFederation();
    for (const body of [
      { grant_type: 'password' },
      { organization_id: 'not-a-uuid' },
      { workspace_id: 'ws_1' },
    ]) {
      const res = await f.exchangeSigned({}, body);
      expect(res.status).toBe(400);
      expect((res.json.error as { type: string }).type).toBe('invalid_request');
    }
    const malformed = await f.exchange({}, '{"grant_type":');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ type: 'error', error: { type: 'invalid_request' } });
  });
});

describe('token exchange: invalid_grant, one body for every cause (EXCH-ERR-GRANT-CAUSE-HIDDEN)', () => {
  it('answers every cause with the byte-identical body', async () => {
    const f = await setupFederation({ match: { subject_prefix: SUBJECT, audience: 'vendor-api' } });
    const other = await keyPair('ES256', 'other-key');
    const now = f.nowSeconds();
    const archived = (await f.controlOk('/_test/federation/rules', {
      issuer_id: f.issuer.id,
      name: 'archived',
      match: { subject_prefix: SUBJECT },
      workspace_id: f.demo.workspaceId,
    })) as { id: string };
    await f.controlOk(`/_test/federation/rules/${archived.id}/archive`);
    const cases: [string, Promise<{ status: number; text: string }>][] = [
      ['iss mismatch', f.exchangeSigned({ claims: { iss: 'https://idp.internal.test:8443/realm' } })],
      ['unknown kid', f.exchange({ assertion: await sign(other, now) })],
      [
        'signed by another key under a known kid',
        f.exchange({ assertion: await sign({ ...other, kid: f.es256.kid }, now) }),
      ],
      ['expired', f.exchangeSigned({ claims: { iat: now - 200, exp: now - 31 } })],
      ['match failed', f.exchangeSigned({ claims: { sub: 'repo:other' } })],
      ['audience failed', f.exchangeSigned({ claims: { aud: 'someone-else' } })],
      ['rule not found', f.exchangeSigned({}, { federation_rule_id: 'fdrl_doesnotexist' })],
      ['rule archived', f.exchangeSigned({}, { federation_rule_id: archived.id })],
      [
        'other organization',
        f.exchangeSigned({}, { organization_id: '00000000-0000-4000-8000-000000000000' }),
      ],
      ['unknown service account', f.exchangeSigned({}, { service_account_id: 'svac_nobody' })],
      ['workspace not enabled', f.exchangeSigned({}, { workspace_id: 'wrkspc_other' })],
      ['no sub', f.exchangeSigned({ omit: ['sub'] })],
      ['no kid', f.exchangeSigned({ noKid: true })],
      ['not a JWT', f.exchange({ assertion: 'not.a.jwt' })],
      ['future iat', f.exchangeSigned({ claims: { iat: now + 31, exp: now + 600 } })],
      ['nbf later', f.exchangeSigned({ claims: { nbf: now + 31 } })],
      ['lifetime over the maximum', f.exchangeSigned({ claims: { iat: now, exp: now + 3601 } })],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      expect(res.status, name).toBe(400);
      expect(res.text, name).toBe(JSON.stringify(jwt.invalidGrantBody()));
    }
  });

  it('is the control: the same setup succeeds with a valid JWT', async () => {
    const f = await setupFederation({ match: { subject_prefix: SUBJECT, audience: 'vendor-api' } });
    expect((await f.exchangeSigned()).status).toBe(200);
  });
});

describe('JWT verification table', () => {
  it('rejects HS256, HS384, HS512 and none (JWT-ALG-HMAC-REJECTED, JWT-ALG-NONE-REJECTED)', async () => {
    const f = await setupFederation();
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = f.nowSeconds();
    const claims = { iss: 'https://idp.internal.test:8443/realm/', sub: SUBJECT, iat: now, exp: now + 60 };
    for (const alg of jwt.REJECTED_ALGORITHMS) {
      const assertion = `${enc({ alg, kid: f.es256.kid })}.${enc(claims)}.${alg === 'none' ? '' : 'c2ln'}`;
      expectInvalidGrant(await f.exchange({ assertion }));
    }
  });

  it('applies the 30-second skew on exp both ways (JWT-EXP-FUTURE, JWT-SKEW-30S)', async () => {
    const f = await setupFederation();
    const now = f.nowSeconds();
    expect((await f.exchangeSigned({ claims: { iat: now - 100, exp: now - 29 } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { iat: now - 100, exp: now - 31 } }));
  });

  it('accepts iat up to 30 seconds ahead (JWT-IAT-NOT-FUTURE)', async () => {
    const f = await setupFederation();
    const now = f.nowSeconds();
    expect((await f.exchangeSigned({ claims: { iat: now + 29, exp: now + 600 } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { iat: now + 31, exp: now + 600 } }));
  });

  it('checks nbf with the skew (JWT-NBF-SKEW)', async () => {
    const f = await setupFederation();
    const now = f.nowSeconds();
    expect((await f.exchangeSigned({ claims: { nbf: now + 29 } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { nbf: now + 31 } }));
  });

  it("bounds exp - iat by the issuer's maximum, 3600 by default (JWT-LIFETIME-MAX, JWT-LIFETIME-DEFAULT)", async () => {
    const f = await setupFederation();
    const now = f.nowSeconds();
    expect((await f.exchangeSigned({ claims: { iat: now, exp: now + 3600 } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { iat: now, exp: now + 3601 } }));
    const g = await setupFederation({ maxLifetime: 600 }); // ISSUER-MAX-LIFETIME-CONFIGURABLE
    const t = g.nowSeconds();
    expect((await g.exchangeSigned({ claims: { iat: t, exp: t + 600 } })).status).toBe(200);
    expectInvalidGrant(await g.exchangeSigned({ claims: { iat: t, exp: t + 601 } }));
  });

  it('compares iss byte for byte (JWT-ISS-EXACT)', async () => {
    const f = await setupFederation();
    for (const iss of [
      'https://idp.internal.test:8443/realm',
      'https://IDP.internal.test:8443/realm/',
      'https://idp.internal.test/realm/',
      'http://idp.internal.test:8443/realm/',
    ]) {
      expectInvalidGrant(await f.exchangeSigned({ claims: { iss } }));
    }
  });

  it('requires sub, iat and exp (JWT-SUB-REQUIRED, JWT-IAT-REQUIRED, JWT-EXP-REQUIRED)', async () => {
    const f = await setupFederation({ match: { claims: { repository: 'acme/app' } } });
    expect((await f.exchangeSigned()).status).toBe(200);
    for (const claim of ['sub', 'iat', 'exp']) expectInvalidGrant(await f.exchangeSigned({ omit: [claim] }));
  });

  it('accepts an assertion of exactly 16384 bytes and rejects 16385 (JWT-SIZE-MAX)', async () => {
    const f = await setupFederation();
    const now = f.nowSeconds();
    const sized = async (target: number) => {
      const base = await sign(f.es256, now, { claims: { pad: '' } });
      const pad = 'x'.repeat(Math.floor(((target - base.length) * 3) / 4));
      let assertion = await sign(f.es256, now, { claims: { pad } });
      let extra = pad;
      while (assertion.length < target) {
        extra += 'x';
        assertion = await sign(f.es256, now, { claims: { pad: extra } });
      }
      return assertion;
    };
    const atLimit = await sized(jwt.MAX_ASSERTION_BYTES - 2);
    expect(atLimit.length).toBeLessThanOrEqual(jwt.MAX_ASSERTION_BYTES);
    expect((await f.exchange({ assertion: atLimit })).status).toBe(200);
    const over = await sized(jwt.MAX_ASSERTION_BYTES + 1);
    expect(over.length).toBeGreaterThan(jwt.MAX_ASSERTION_BYTES);
    const res = await f.exchange({ assertion: over });
    expect(res.status).toBe(400);
  });
});

describe('matchers', () => {
  it('matches subject_prefix exactly, or as a prefix with a trailing * (MATCH-SUBJECT-EXACT, MATCH-SUBJECT-PREFIX)', async () => {
    const exact = await setupFederation({ match: { subject_prefix: 'repo:acme/app' } });
    expectInvalidGrant(await exact.exchangeSigned());
    expect((await exact.exchangeSigned({ claims: { sub: 'repo:acme/app' } })).status).toBe(200);
    const prefix = await setupFederation({ match: { subject_prefix: 'repo:acme/*' } });
    expect((await prefix.exchangeSigned()).status).toBe(200);
    expectInvalidGrant(await prefix.exchangeSigned({ claims: { sub: 'repo:ACME/app' } })); // case-sensitive
    const inner = await setupFederation({ match: { subject_prefix: 'repo:*/app*' } });
    expectInvalidGrant(await inner.exchangeSigned()); // a * that is not trailing is literal
    expect((await inner.exchangeSigned({ claims: { sub: 'repo:*/app:x' } })).status).toBe(200);
  });

  it('accepts an aud array holding the audience (MATCH-AUDIENCE-ARRAY)', async () => {
    const f = await setupFederation({ match: { subject_prefix: SUBJECT, audience: 'vendor-api' } });
    expect((await f.exchangeSigned({ claims: { aud: ['x', 'vendor-api'] } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { aud: ['x', 'y'] } }));
  });

  it('compares claims as exact strings only (MATCH-CLAIMS-EXACT, MATCH-CLAIMS-STRING-ONLY)', async () => {
    const f = await setupFederation({ match: { claims: { run_attempt: '1' } } });
    expect((await f.exchangeSigned({ claims: { run_attempt: '1' } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { run_attempt: 1 } }));
    expectInvalidGrant(await f.exchangeSigned({ claims: { run_attempt: '01' } }));
  });

  it('evaluates a CEL condition over nested claims; errors are no match (MATCH-CONDITION-TRUE)', async () => {
    const f = await setupFederation({
      match: { condition: 'claims.ctx.env == "prod" && claims.ctx.attempt > 0' },
    });
    expect((await f.exchangeSigned({ claims: { ctx: { env: 'prod', attempt: 2 } } })).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { ctx: { env: 'dev', attempt: 2 } } }));
    expectInvalidGrant(await f.exchangeSigned({ claims: { ctx: { env: 'prod' } } })); // no such key: error
  });

  it('combines matchers with AND (MATCH-AND)', async () => {
    const f = await setupFederation({
      match: { subject_prefix: 'repo:*', claims: { repository: 'acme/app' } },
    });
    expect((await f.exchangeSigned()).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned({ claims: { repository: 'acme/other' } }));
    expectInvalidGrant(await f.exchangeSigned({ claims: { sub: 'user:me' } }));
  });
});

describe('token exchange: claims of bounded depth (UNSPEC-REQUEST-JSON-DEPTH)', () => {
  it(`a JWT whose payload nests past ${access.MAX_JSON_DEPTH} levels is malformed (400 invalid_grant), thousands of levels included; at the bound it is exchanged`, async () => {
    const f = await setupFederation({ match: { condition: 'claims.ctx == claims.ctx' } });
    const key = await keyPair('ES256');
    /** A JWT whose `ctx` claim is `levels` arrays deep (the payload itself is the first level). */
    const deep = async (levels: number) => {
      const now = Math.floor(f.clock.now() / 1000);
      const claims = { iss: ISSUER_URL, sub: SUBJECT, aud: 'vendor-api', iat: now, exp: now + 600, ctx: '@' };
      const payload = JSON.stringify(claims).replace('"@"', `${'['.repeat(levels)}${']'.repeat(levels)}`);
      return new CompactSign(new TextEncoder().encode(payload))
        .setProtectedHeader({ alg: 'ES256', kid: key.kid })
        .sign(key.privateKey);
    };
    expect((await f.exchange({ assertion: await deep(access.MAX_JSON_DEPTH - 1) })).status).toBe(200);
    for (const levels of [access.MAX_JSON_DEPTH, 3_000, 6_000]) {
      expectInvalidGrant(await f.exchange({ assertion: await deep(levels) }));
    }
  });
});
