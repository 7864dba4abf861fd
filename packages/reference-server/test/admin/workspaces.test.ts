import { workspaceRules } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { expectErrorBody, idsOf } from '../helpers.js';
import { type A, admin, createWorkspace, dataOf, user } from './admin-helpers.js';

const WS = '/v1/organizations/workspaces';

/** A standard endpoint a workspace key reaches (token counting). */
const countTokens = (a: A, key: string) =>
  a.call('POST', '/v1/messages/count_tokens', {
    key,
    body: { model: a.app.reference.state.vendor.models.sonnet, messages: [{ role: 'user', content: 'hi' }] },
  });

describe('workspace create and list (WS-CREATE-NAME, WS-DEFAULT-NOT-LISTED)', () => {
  it('creates a workspace with a wrkspc_ id and the name sent (WS-ID-PREFIX)', async () => {
    const a = admin();
    const res = await a.post(WS, { name: 'Research' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^wrkspc_/),
      name: 'Research',
      archived_at: null,
    });
  });

  it('never lists the Default Workspace, with or without include_archived', async () => {
    const a = admin();
    const id = await createWorkspace(a);
    for (const q of ['', '?include_archived=true', '?include_archived=false']) {
      const res = await a.get(`${WS}${q}`);
      expect(res.status).toBe(200);
      const ids = idsOf(res);
      expect(ids).toContain(id);
      expect(ids.every((x) => x.startsWith('wrkspc_'))).toBe(true);
      expect(dataOf<{ name: string }>(res).map((w) => w.name)).not.toContain('Default Workspace');
    }
  });

  it('lists archived workspaces only with include_archived=true (UNSPEC-WS-LIST-INCLUDE-ARCHIVED)', async () => {
    const a = admin();
    const id = await createWorkspace(a);
    expect((await a.post(`${WS}/${id}/archive`)).status).toBe(200);
    expect(idsOf(await a.get(WS))).not.toContain(id);
    expect(idsOf(await a.get(`${WS}?include_archived=true`))).toContain(id);
  });

  it('honours limit (WS-LIST-LIMIT-INTEGER) and answers 400 to a limit below 1 or not an integer', async () => {
    const a = admin();
    await createWorkspace(a, 'a');
    await createWorkspace(a, 'b');
    expect(idsOf(await a.get(`${WS}?limit=1`))).toHaveLength(1);
    expect(idsOf(await a.get(`${WS}?limit=2`)).length).toBe(2);
    expectErrorBody(await a.get(`${WS}?limit=0`), 400);
    expectErrorBody(await a.get(`${WS}?limit=abc`), 400);
    expectErrorBody(await a.get(`${WS}?include_archived=maybe`), 400);
  });

  it('lists only the caller organization workspaces', async () => {
    const a = admin();
    const other = await a.control('POST', '/organizations', { name: 'Other' });
    const theirs = await a.control('POST', `/organizations/${other.organization_id}/workspaces`, {
      name: 'x',
    });
    const mine = await createWorkspace(a);
    expect(idsOf(await a.get(WS))).toEqual(expect.arrayContaining([mine]));
    expect(idsOf(await a.get(WS))).not.toContain(theirs.id);
    expect(idsOf(await a.as(String(other.admin_key)).get(WS))).toEqual([theirs.id]);
    // Another organization's workspace is not found.
    expectErrorBody(await a.post(`${WS}/${theirs.id}/archive`), 404);
  });

  it('refuses a workspace key and a missing key (UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED)', async () => {
    const a = admin();
    expectErrorBody(await a.as(a.demo.workspaceKey).post(WS, { name: 'x' }), 403);
    expectErrorBody(await a.call('GET', WS, { key: null }), 401);
  });

  it('answers 400 to a body without a name; a field the documents do not show is ignored (refused under strict-unknown-fields)', async () => {
    const a = admin();
    expectErrorBody(await a.post(WS, {}), 400);
    expectErrorBody(await a.post(WS, { color: 'red' }), 400);
    expect((await a.post(WS, { name: 'x', color: 'red' })).status).toBe(200);
    expectErrorBody(
      await admin({ variants: ['strict-unknown-fields'] }).post(WS, { name: 'x', color: 'red' }),
      400,
    );
  });
});

describe('the 100-workspace cap (WS-CAP-100, WSARCH-CAP-EXCLUDED)', () => {
  it(`creates up to ${workspaceRules.WORKSPACE_CAP} non-archived workspaces and refuses one more`, async () => {
    const a = admin();
    const existing = idsOf(await a.get(WS)).length;
    for (let i = existing; i < workspaceRules.WORKSPACE_CAP; i++) await createWorkspace(a, `w${i}`);
    expect(idsOf(await a.get(`${WS}?limit=1000`))).toHaveLength(workspaceRules.WORKSPACE_CAP);
    expectErrorBody(await a.post(WS, { name: 'one too many' }), 400);
  });

  it('does not count archived workspaces: archiving one frees a slot', async () => {
    const a = admin();
    const existing = idsOf(await a.get(WS)).length;
    const ids: string[] = [];
    for (let i = existing; i < workspaceRules.WORKSPACE_CAP; i++) ids.push(await createWorkspace(a, `w${i}`));
    expectErrorBody(await a.post(WS, { name: 'full' }), 400);
    expect((await a.post(`${WS}/${ids[0]}/archive`)).status).toBe(200);
    expect((await a.post(WS, { name: 'fits again' })).status).toBe(200);
  });
});

describe('workspace archive (WSARCH-*)', () => {
  it('archives an active workspace and revokes every key of it at once (WSARCH-KEYS-REVOKED)', async () => {
    const a = admin();
    const ws = await a.control('POST', '/organizations/demo/workspaces', { name: 'keys' });
    const second = await a.control('POST', '/organizations/demo/keys', { workspace_id: ws.id });
    const key1 = String(ws.workspace_key);
    const key2 = String(second.key);
    expect((await countTokens(a, key1)).status).toBe(200);
    expect((await countTokens(a, key2)).status).toBe(200);

    const res = await a.post(`${WS}/${ws.id}/archive`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ws.id, archived_at: expect.any(String) });

    for (const key of [key1, key2]) {
      expectErrorBody(await countTokens(a, key), 401);
      expect((await a.control('GET', `/keys/${key}`)).revoked_at).toEqual(expect.any(String));
    }
    // Keys of other workspaces and of the Default Workspace keep working.
    expect((await countTokens(a, a.demo.workspaceKey)).status).toBe(200);
    const dflt = await a.control('POST', '/organizations/demo/keys', { workspace_id: 'default' });
    expect((await countTokens(a, String(dflt.key))).status).toBe(200);
  });

  it('is irreversible: archiving again keeps it archived (WSARCH-IRREVERSIBLE, UNSPEC-WS-ARCHIVE-ARCHIVED)', async () => {
    const a = admin();
    const id = await createWorkspace(a);
    const first = await a.post(`${WS}/${id}/archive`);
    const again = await a.post(`${WS}/${id}/archive`);
    expect(again.status).toBe(200);
    expect(again.json?.archived_at).toBe(first.json?.archived_at);
    expect(idsOf(await a.get(WS))).not.toContain(id);
  });

  it('archiving the coding-assistant workspace disables its sign-in (WSARCH-CODING-ASSISTANT-SIGNIN)', async () => {
    const a = admin();
    const ws = await a.control('POST', '/organizations/demo/workspaces', {
      name: 'ca',
      coding_assistant: true,
    });
    expect((await a.post(`${WS}/${ws.id}/archive`)).status).toBe(200);
    const org = a.app.reference.state.store.organizations.get(a.demo.organizationId);
    expect(org?.codingAssistantSignInDisabled).toBe(true);
  });

  it('answers 404 to an unknown workspace and to a malformed id (the Default Workspace has none; 400 under malformed-ids-refused)', async () => {
    const a = admin();
    expectErrorBody(await a.post(`${WS}/wrkspc_unknown/archive`), 404);
    expectErrorBody(await a.post(`${WS}/default/archive`), 404);
    expectErrorBody(await admin({ variants: ['malformed-ids-refused'] }).post(`${WS}/default/archive`), 400);
  });
});

describe('workspace members (MEMBER-*)', () => {
  const members = (ws: string) => `${WS}/${ws}/members`;
  const roles = async (a: A, ws: string) =>
    Object.fromEntries(
      ((await a.control('GET', `/workspaces/${ws}/members`)).data as { user_id: string; role: string }[]).map(
        (m) => [m.user_id, m.role],
      ),
    );

  it('adds, updates and removes an organization developer or user (MEMBER-EXPLICIT-USER-DEVELOPER)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    for (const orgRole of ['developer', 'user'] as const) {
      const u = await user(a, orgRole);
      expect((await roles(a, ws))[u]).toBeUndefined();
      const add = await a.post(members(ws), { user_id: u, workspace_role: 'workspace_developer' });
      expect(add.status).toBe(200);
      expect(add.json).toMatchObject({ user_id: u, workspace_role: 'workspace_developer' });
      expect((await roles(a, ws))[u]).toBe('developer');
      const upd = await a.post(`${members(ws)}/${u}`, { workspace_role: 'workspace_admin' });
      expect(upd.status).toBe(200);
      expect((await roles(a, ws))[u]).toBe('admin');
      expect((await a.del(`${members(ws)}/${u}`)).status).toBe(200);
      expect((await roles(a, ws))[u]).toBeUndefined();
    }
  });

  it('organization admins and billing members hold inherited roles everywhere (MEMBER-INHERIT-*)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const adm = await user(a, 'admin');
    const bill = await user(a, 'billing');
    const r = await roles(a, ws);
    expect(r[adm]).toBe('admin');
    expect(r[bill]).toBe('billing');
  });

  it('refuses to remove an organization admin or billing member (MEMBER-NO-REMOVE-ORG-*)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    for (const role of ['admin', 'billing'] as const) {
      const u = await user(a, role);
      expectErrorBody(await a.del(`${members(ws)}/${u}`), 400);
      expect((await roles(a, ws))[u]).toBe(role);
    }
  });

  it("refuses to change an organization admin's role; the same role is a no-op (MEMBER-NO-ROLE-CHANGE-ORG-ADMIN)", async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const u = await user(a, 'admin');
    for (const role of ['workspace_developer', 'workspace_user']) {
      expectErrorBody(await a.post(`${members(ws)}/${u}`, { workspace_role: role }), 400);
    }
    expect((await a.post(`${members(ws)}/${u}`, { workspace_role: 'workspace_admin' })).status).toBe(200);
    expect((await roles(a, ws))[u]).toBe('admin');
  });

  it('lets a billing member be upgraded to admin only (MEMBER-BILLING-UPGRADE-ADMIN, MEMBER-NO-ROLE-CHANGE-ORG-BILLING)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const u = await user(a, 'billing');
    expectErrorBody(await a.post(`${members(ws)}/${u}`, { workspace_role: 'workspace_developer' }), 400);
    expect((await roles(a, ws))[u]).toBe('billing');
    const up = await a.post(`${members(ws)}/${u}`, { workspace_role: 'workspace_admin' });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ workspace_role: 'workspace_admin' });
    expect((await roles(a, ws))[u]).toBe('admin');
  });

  it('refuses to add a member who already holds a role, and 404s for unknown users (UNSPEC-MEMBER-*)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const adm = await user(a, 'admin');
    expectErrorBody(await a.post(members(ws), { user_id: adm, workspace_role: 'workspace_admin' }), 400);
    const dev = await user(a, 'developer');
    expect((await a.post(members(ws), { user_id: dev, workspace_role: 'workspace_user' })).status).toBe(200);
    expectErrorBody(await a.post(members(ws), { user_id: dev, workspace_role: 'workspace_user' }), 400);
    expectErrorBody(
      await a.post(members(ws), { user_id: 'user_nobody', workspace_role: 'workspace_user' }),
      404,
    );
    const other = await user(a, 'developer');
    expectErrorBody(await a.del(`${members(ws)}/${other}`), 404);
    expectErrorBody(await a.post(`${members(ws)}/${other}`, { workspace_role: 'workspace_user' }), 404);
  });

  it('refuses role values without a wire form (Workspace Billing cannot be assigned: MEMBER-BILLING-NOT-ASSIGNABLE)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const u = await user(a, 'developer');
    for (const role of ['workspace_billing', 'billing', 'workspace_limited_developer']) {
      expectErrorBody(await a.post(members(ws), { user_id: u, workspace_role: role }), 400);
    }
  });

  it('refuses member changes in an archived workspace (UNSPEC-MEMBER-ARCHIVED-WORKSPACE)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const u = await user(a, 'developer');
    await a.post(`${WS}/${ws}/archive`);
    expectErrorBody(await a.post(members(ws), { user_id: u, workspace_role: 'workspace_user' }), 400);
  });

  it('a demoted admin keeps only explicitly assigned workspaces; promotion grants all (MEMBER-DEMOTION/PROMOTION)', async () => {
    const a = admin();
    const ws1 = await createWorkspace(a, 'one');
    const ws2 = await createWorkspace(a, 'two');
    const u = await user(a, 'developer');
    await a.post(members(ws1), { user_id: u, workspace_role: 'workspace_developer' });
    const promoted = await a.control('POST', `/users/${u}/role`, { role: 'admin' });
    expect(promoted).toMatchObject({ change: 'promotion', access: 'all' });
    expect((await roles(a, ws1))[u]).toBe('admin');
    expect((await roles(a, ws2))[u]).toBe('admin');
    const demoted = await a.control('POST', `/users/${u}/role`, { role: 'user' });
    expect(demoted).toMatchObject({ change: 'demotion', access: 'explicit-only' });
    expect((await roles(a, ws1))[u]).toBe('developer');
    expect((await roles(a, ws2))[u]).toBeUndefined();
  });
});
