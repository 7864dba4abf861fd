import { describe, expect, it } from 'vitest';
import { SUBJECT, setupFederation } from './helpers.js';

describe('federation test control: rules are checked with the spec (UNSPEC-RULE-VALIDATION-ERROR)', () => {
  const base = { name: 'rule', match: { subject_prefix: SUBJECT }, oauth_scope: 'workspace:developer' };
  const cases: [string, Record<string, unknown>, number, string?][] = [
    ['lifetime 60', { token_lifetime_seconds: 60 }, 200],
    ['lifetime 86400', { token_lifetime_seconds: 86400 }, 200],
    ['lifetime 59', { token_lifetime_seconds: 59 }, 400, 'token_lifetime_seconds'],
    ['lifetime 86401', { token_lifetime_seconds: 86401 }, 400, 'token_lifetime_seconds'],
    ['fractional lifetime', { token_lifetime_seconds: 600.5 }, 400, 'token_lifetime_seconds'],
    ['audience only', { match: { audience: 'x' } }, 400, 'match'],
    ['no matchers', { match: {} }, 400, 'match'],
    ['claims with a number', { match: { claims: { run: 1 } } }, 400, 'match.claims.run'],
    ['invalid CEL', { match: { condition: 'claims.a ==' } }, 400, 'match.condition'],
    ['unknown scope', { oauth_scope: 'org:admin' }, 400, 'oauth_scope'],
    ['upper-case name', { name: 'Main' }, 400, 'name'],
    ['256-character name', { name: 'a'.repeat(256) }, 400, 'name'],
    ['255-character name', { name: 'a'.repeat(255) }, 200],
    ['tunnels scope', { oauth_scope: 'org:manage_tunnels' }, 200],
  ];
  for (const [name, fields, status, field] of cases) {
    it(`${status === 200 ? 'accepts' : 'refuses'} ${name}`, async () => {
      const f = await setupFederation();
      const res = await f.control('POST', '/_test/federation/rules', {
        issuer_id: f.issuer.id,
        workspace_id: f.demo.workspaceId,
        ...base,
        ...fields,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      if (field !== undefined) {
        expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
        expect((res.json.error as { message: string }).message).toContain(field);
      }
    });
  }

  it('refuses a workspace of another organization (RULE-WORKSPACE-SAME-ORGANIZATION)', async () => {
    const f = await setupFederation();
    const org = await f.controlOk('/_test/organizations', { name: 'other' });
    const ws = await f.controlOk(`/_test/organizations/${org.organization_id}/workspaces`, {
      name: 'theirs',
    });
    const res = await f.control('POST', '/_test/federation/rules', {
      issuer_id: f.issuer.id,
      ...base,
      workspace_id: ws.id,
    });
    expect(res.status).toBe(400);
  });

  it('archives a rule once; archiving again changes nothing (UNSPEC-RULE-TRANSITIONS)', async () => {
    const f = await setupFederation();
    const first = await f.controlOk(`/_test/federation/rules/${f.rule.id}/archive`);
    await f.advance(5_000);
    const again = await f.controlOk(`/_test/federation/rules/${f.rule.id}/archive`);
    expect(first.archived_at).toEqual(expect.any(String));
    expect(again.archived_at).toBe(first.archived_at);
  });

  it('enables a rule for several workspaces (RULE-MULTI-WORKSPACE)', async () => {
    const f = await setupFederation();
    const rule = await f.controlOk(`/_test/federation/rules/${f.rule.id}/workspaces`, {
      workspace_id: 'default',
    });
    expect(rule.workspace_ids).toEqual([f.demo.workspaceId, 'default']);
  });
});
