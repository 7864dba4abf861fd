/**
 * One scenario per seeded fault of the federation and pipeline areas: the observable answer with
 * the fault off (correct) and on (the deviation), and the fault's requirement exists in the spec.
 */
import { spec, vendor } from '@vendor-api/spec';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { faultsIn } from '../fault-tests.js';
import { DREAM_BETAS } from '../helpers.js';
import { keyPair, SUBJECT, setupFederation, sign } from './helpers.js';

const federationFaults = faultsIn('federation');
const pipelineFaults = faultsIn('pipeline');

const MESSAGE = { model: vendor.models.sonnet, max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] };

type Scenario = (faults: string[]) => Promise<unknown>;

/** Status of an exchange with the given sign options under the given setup. */
const exchangeStatus =
  (
    setupOptions: Parameters<typeof setupFederation>[0],
    signOptions: (
      now: number,
    ) => Parameters<Awaited<ReturnType<typeof setupFederation>>['exchangeSigned']>[0],
  ): Scenario =>
  async (faults) => {
    const f = await setupFederation({ ...setupOptions, faults });
    return (await f.exchangeSigned(signOptions(f.nowSeconds()))).status;
  };

/** Status of registering an issuer (public idp.acme-corp.com and private private.acme-corp.com hosts exist). */
const registrationStatus =
  (fields: Record<string, unknown>): Scenario =>
  async (faults) => {
    const f = await setupFederation();
    f.app.reference.state.faults.set(faults);
    await f.controlOk('/_test/federation/hosts', {
      hostname: 'idp.acme-corp.com',
      addresses: ['93.184.215.14'],
    });
    await f.controlOk('/_test/federation/hosts', {
      hostname: 'private.acme-corp.com',
      addresses: ['10.0.0.7'],
    });
    return (await f.control('POST', '/_test/federation/issuers', { name: 'registered', ...fields })).status;
  };

const scenarios: Record<string, { off: unknown; on: unknown; run: Scenario }> = {
  JWT_EXP_SKEW_IGNORED: {
    off: 200,
    on: 400,
    run: exchangeStatus({}, (now) => ({ claims: { iat: now - 100, exp: now - 10 } })),
  },
  JWT_EXP_SKEW_DOUBLED: {
    off: 400,
    on: 200,
    run: exchangeStatus({}, (now) => ({ claims: { iat: now - 100, exp: now - 45 } })),
  },
  JWT_IAT_FUTURE_ACCEPTED: {
    off: 400,
    on: 200,
    run: exchangeStatus({}, (now) => ({ claims: { iat: now + 120, exp: now + 600 } })),
  },
  JWT_NBF_IGNORED: { off: 400, on: 200, run: exchangeStatus({}, (now) => ({ claims: { nbf: now + 120 } })) },
  JWT_LIFETIME_MAX_IGNORED: {
    off: 400,
    on: 200,
    run: exchangeStatus({}, (now) => ({ claims: { iat: now, exp: now + 3601 } })),
  },
  JWT_ISS_TRAILING_SLASH_LOOSE: {
    off: 400,
    on: 200,
    run: exchangeStatus({}, () => ({ claims: { iss: 'https://idp.internal.test:8443/realm' } })),
  },
  JWT_HS256_ACCEPTED: {
    off: 400,
    on: 200,
    run: async (faults) => {
      const secret = new Uint8Array(32).fill(7);
      const oct = { kty: 'oct', kid: 'hmac', k: Buffer.from(secret).toString('base64url') };
      const es = await keyPair('ES256');
      const f = await setupFederation({ faults, keys: [es] });
      await f.controlOk(`/_test/federation/issuers/${f.issuer.id}`, {
        jwks: { type: 'inline', keys: [es.jwk, oct] },
      });
      const now = f.nowSeconds();
      const assertion = await new SignJWT({
        iss: 'https://idp.internal.test:8443/realm/',
        sub: SUBJECT,
        iat: now,
        exp: now + 60,
      })
        .setProtectedHeader({ alg: 'HS256', kid: 'hmac' })
        .sign(secret);
      return (await f.exchange({ assertion })).status;
    },
  },
  JWT_KID_MISSING_ACCEPTED: { off: 400, on: 200, run: exchangeStatus({}, () => ({ noKid: true })) },
  MATCH_SUBJECT_STAR_ANYWHERE: {
    off: 400,
    on: 200,
    run: exchangeStatus({ match: { subject_prefix: 'repo:*/app*' } }, () => ({
      claims: { sub: 'repo:acme/app:x' },
    })),
  },
  MATCH_AUDIENCE_ARRAY_IGNORED: {
    off: 200,
    on: 400,
    run: exchangeStatus({ match: { subject_prefix: SUBJECT, audience: 'vendor-api' } }, () => ({
      claims: { aud: ['other', 'vendor-api'] },
    })),
  },
  MATCH_CLAIMS_NON_STRING: {
    off: 400,
    on: 200,
    run: exchangeStatus({ match: { claims: { run_attempt: '1' } } }, () => ({ claims: { run_attempt: 1 } })),
  },
  MATCH_CEL_ERROR_IS_MATCH: {
    off: 400,
    on: 200,
    run: exchangeStatus({ match: { condition: 'claims.ctx.env == "prod"' } }, () => ({
      claims: { ctx: {} },
    })),
  },
  EXCH_MISSING_FIELD_INVALID_GRANT: {
    off: 'invalid_request',
    on: 'invalid_grant',
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const res = await f.exchange({ assertion: undefined });
      expect(res.status).toBe(400);
      return (res.json.error as { type?: string } | undefined)?.type;
    },
  },
  EXCH_INVALID_GRANT_REVEALS_CAUSE: {
    off: true,
    on: false,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const a = await f.exchangeSigned({ claims: { sub: 'nobody' } });
      const b = await f.exchangeSigned({}, { federation_rule_id: 'fdrl_missing' });
      expect([a.status, b.status]).toEqual([400, 400]);
      return a.text === b.text;
    },
  },
  EXCH_EXPIRES_IN_NOT_FROM_RULE: {
    off: 900,
    on: 3600,
    run: async (faults) => {
      const f = await setupFederation({ faults, tokenLifetime: 900 });
      return (await f.exchangeSigned()).json.expires_in;
    },
  },
  EXCH_TOKEN_PREFIX_WRONG: {
    off: true,
    on: false,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const token = await f.token();
      expect((await f.bearer('POST', '/v1/messages', token, { body: MESSAGE })).status).toBe(200);
      return token.startsWith(vendor.prefixes.accessToken);
    },
  },
  EXCH_WORKSPACE_ID_NOT_REQUIRED: {
    off: 400,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      await f.controlOk(`/_test/federation/rules/${f.rule.id}/workspaces`, { workspace_id: 'default' });
      return (await f.exchangeSigned()).status;
    },
  },
  EXCH_ARCHIVED_RULE_ACCEPTED: {
    off: 400,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      await f.controlOk(`/_test/federation/rules/${f.rule.id}/archive`);
      return (await f.exchangeSigned()).status;
    },
  },
  KEYSET_NEVER_REFRESHED: {
    off: 200,
    on: 400,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const rotated = await keyPair('ES256', 'fault-rotated');
      await f.controlOk('/_test/federation/hosts', {
        hostname: 'keys.acme-corp.com',
        addresses: ['93.184.215.14'],
      });
      const publish = (keys: unknown[]) =>
        f.controlOk('/_test/federation/hosts/documents', {
          url: 'https://keys.acme-corp.com/k',
          body: { keys },
        });
      await publish([f.es256.jwk]);
      const issuer = await f.controlOk('/_test/federation/issuers', {
        name: 'fetched',
        issuer_url: 'https://idp.internal.test:8443/realm/',
        jwks: { type: 'explicit_url', url: 'https://keys.acme-corp.com/k' },
      });
      const rule = await f.controlOk('/_test/federation/rules', {
        issuer_id: issuer.id,
        match: { subject_prefix: SUBJECT },
        workspace_id: f.demo.workspaceId,
      });
      expect((await f.exchangeSigned({}, { federation_rule_id: rule.id })).status).toBe(200);
      await publish([rotated.jwk]);
      await f.advance(60_000);
      return (
        await f.exchange({ federation_rule_id: rule.id, assertion: await sign(rotated, f.nowSeconds()) })
      ).status;
    },
  },

  // URL rules at issuer registration
  URL_PORT_NOT_CHECKED: {
    off: 400,
    on: 200,
    run: registrationStatus({ issuer_url: 'https://idp.acme-corp.com:8443' }),
  },
  URL_PRIVATE_ADDRESS_ACCEPTED: {
    off: 400,
    on: 200,
    run: registrationStatus({ issuer_url: 'https://private.acme-corp.com' }),
  },
  URL_UNFETCHED_ISSUER_URL_CHECKED: {
    off: 200,
    on: 400,
    run: registrationStatus({
      issuer_url: 'http://sts.internal:9000',
      jwks: { type: 'explicit_url', url: 'https://idp.acme-corp.com/keys' },
    }),
  },

  // Pipeline
  DEFAULT_WORKSPACES_SHARED: {
    off: 404,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const defaultKey = async (organization: string) =>
        String(
          (await f.controlOk(`/_test/organizations/${organization}/keys`, { workspace_id: 'default' })).key,
        );
      const other = await f.controlOk('/_test/organizations', {});
      const batch = await f.call('POST', '/v1/messages/batches', {
        key: await defaultKey(f.demo.organizationId),
        body: { requests: [{ custom_id: 'a', params: MESSAGE }] },
      });
      const id = String(batch.json?.id);
      const key = await defaultKey(String(other.organization_id));
      return (await f.call('GET', `/v1/messages/batches/${id}`, { key })).status;
    },
  },
  SCOPE_NOT_ENFORCED: {
    off: 403,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults, oauthScope: 'org:manage_tunnels' });
      return (await f.bearer('POST', '/v1/messages', await f.token(), { body: MESSAGE })).status;
    },
  },
  ACCESS_TOKEN_NEVER_EXPIRES: {
    off: 401,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults, tokenLifetime: 60 });
      const token = await f.token();
      await f.advance(61_000);
      return (await f.bearer('POST', '/v1/messages', token, { body: MESSAGE })).status;
    },
  },
  ARCHIVED_WORKSPACE_KEY_ACCEPTED: {
    off: 401,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const key = f.app.reference.state.store.apiKeys.get(f.demo.workspaceKey);
      if (key) key.revokedAt = f.clock.now();
      return (await f.call('POST', '/v1/messages', { body: MESSAGE })).status;
    },
  },
  BETA_DREAMS_ONE_ENOUGH: {
    off: 400,
    on: 200,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      const only = DREAM_BETAS.split(',').slice(-1).join(',');
      return (await f.call('GET', '/v1/dreams', { betas: only })).status;
    },
  },
  BETA_UNNEEDED_REFUSED: {
    off: 200,
    on: 400,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      return (await f.call('GET', '/v1/dreams', { betas: `${DREAM_BETAS},prompt-caching-2024-07-31` }))
        .status;
    },
  },
  EXCH_REQUEST_ID_MISSING: {
    off: true,
    on: false,
    run: async (faults) => {
      const f = await setupFederation({ faults });
      expect((await f.exchangeSigned()).headers['request-id']).toEqual(expect.any(String));
      return (
        typeof (await f.exchangeSigned({ claims: { sub: 'nobody' } })).headers['request-id'] === 'string'
      );
    },
  },
};

describe('seeded faults of federation and the pipeline', () => {
  const catalog = [...federationFaults, ...pipelineFaults];
  const requirementIds = new Set(spec.requirements.map((r) => r.id));

  it('cite existing requirements, and every fault has a scenario', () => {
    for (const fault of catalog) {
      expect(requirementIds.has(fault.requirement), fault.requirement).toBe(true);
      expect(Object.keys(scenarios)).toContain(fault.name);
    }
    expect(Object.keys(scenarios).sort()).toEqual(catalog.map((f) => f.name).sort());
  });

  for (const [name, { off, on, run }] of Object.entries(scenarios)) {
    it(`${name}: correct when off, deviates when on`, async () => {
      expect(await run([])).toEqual(off);
      expect(await run([name])).toEqual(on);
    });
  }
});
