import { describe, expect, it } from 'vitest';
import { spec } from '../../src/index.js';
import {
  type AccessContext,
  authorize,
  BODY_RESOURCE_REFERENCES,
  endpointAccessProblems,
  endpointClass,
  expectedAccess,
  namedResources,
  OAUTH_SCOPES,
  type PresentedCredential,
  SCOPE_GRANTS,
} from '../../src/rules/access.js';
import type { Credential, Endpoint, OAuthScope } from '../../src/types.js';

type Access = Pick<Endpoint, 'auth' | 'scope'>;
const standard: Access = { auth: ['workspace_key', 'access_token'], scope: 'workspace:developer' };
const admin: Access = { auth: ['admin_key'], scope: null };
const exchange: Access = { auth: [], scope: null };
const tunnels: Access = { auth: ['access_token'], scope: 'org:manage_tunnels' };

const key = (workspaceId: string | null = 'wrkspc_a'): PresentedCredential => ({
  kind: 'workspace_key',
  workspaceId,
});
const token = (scope: OAuthScope, workspaceId: string | null = 'wrkspc_a'): PresentedCredential => ({
  kind: 'access_token',
  scope,
  workspaceId,
});
const adminKey: PresentedCredential = { kind: 'admin_key' };
const none: PresentedCredential = { kind: 'none' };

describe('authorize', () => {
  const table: [string, Access, PresentedCredential, AccessContext, number | 'allowed', boolean?][] = [
    // standard endpoints
    ['workspace key on a standard endpoint', standard, key(), {}, 'allowed'],
    [
      'workspace:developer token on a standard endpoint',
      standard,
      token('workspace:developer'),
      {},
      'allowed',
    ],
    ['org:manage_tunnels token on a standard endpoint', standard, token('org:manage_tunnels'), {}, 403, true],
    ['admin key on a standard endpoint', standard, adminKey, {}, 403, false],
    ['no credential on a standard endpoint', standard, none, {}, 401, false],
    // organization endpoints
    ['admin key on an organization endpoint', admin, adminKey, {}, 'allowed'],
    ['workspace key on an organization endpoint', admin, key(), {}, 403, false],
    [
      'workspace:developer token on an organization endpoint',
      admin,
      token('workspace:developer'),
      {},
      403,
      true,
    ],
    [
      'org:manage_tunnels token on an organization endpoint',
      admin,
      token('org:manage_tunnels'),
      {},
      403,
      true,
    ],
    ['no credential on an organization endpoint', admin, none, {}, 401, false],
    // token exchange
    ['no credential on the token exchange', exchange, none, {}, 'allowed'],
    ['a workspace key on the token exchange (ignored)', exchange, key(), {}, 'allowed'],
    // tunnels (not part of the interface; rule shape only)
    ['org:manage_tunnels token on a tunnels endpoint', tunnels, token('org:manage_tunnels'), {}, 'allowed'],
    ['workspace key on a tunnels endpoint', tunnels, key(), {}, 403, false],
    ['workspace:developer token on a tunnels endpoint', tunnels, token('workspace:developer'), {}, 403, true],
    // workspace scoping
    [
      'workspace key on its own workspace resource',
      standard,
      key('wrkspc_a'),
      { resourceWorkspaceId: 'wrkspc_a' },
      'allowed',
    ],
    [
      'workspace key on another workspace resource',
      standard,
      key('wrkspc_a'),
      { resourceWorkspaceId: 'wrkspc_b' },
      404,
      false,
    ],
    [
      'Default Workspace key on a Default Workspace resource',
      standard,
      key(null),
      { resourceWorkspaceId: null },
      'allowed',
    ],
    [
      'Default Workspace key on a named workspace resource',
      standard,
      key(null),
      { resourceWorkspaceId: 'wrkspc_a' },
      404,
      false,
    ],
    [
      'named workspace key on a Default Workspace resource',
      standard,
      key('wrkspc_a'),
      { resourceWorkspaceId: null },
      404,
      false,
    ],
    [
      'token on its own workspace resource',
      standard,
      token('workspace:developer', 'wrkspc_a'),
      { resourceWorkspaceId: 'wrkspc_a' },
      'allowed',
    ],
    [
      'token on another workspace resource',
      standard,
      token('workspace:developer', 'wrkspc_a'),
      { resourceWorkspaceId: 'wrkspc_b' },
      404,
      false,
    ],
    ['admin key is not workspace-bound', admin, adminKey, { resourceWorkspaceId: 'wrkspc_b' }, 'allowed'],
    // organizations: every Default Workspace is null, so the organization tells them apart
    [
      'Default Workspace key on the Default Workspace resource of its organization',
      standard,
      { kind: 'workspace_key', workspaceId: null, organizationId: 'org_a' },
      { resourceWorkspaceId: null, resourceOrganizationId: 'org_a' },
      'allowed',
    ],
    [
      "Default Workspace key on another organization's Default Workspace resource",
      standard,
      { kind: 'workspace_key', workspaceId: null, organizationId: 'org_a' },
      { resourceWorkspaceId: null, resourceOrganizationId: 'org_b' },
      404,
      false,
    ],
    [
      "token of a Default Workspace on another organization's Default Workspace resource",
      standard,
      { kind: 'access_token', scope: 'workspace:developer', workspaceId: null, organizationId: 'org_a' },
      { resourceWorkspaceId: null, resourceOrganizationId: 'org_b' },
      404,
      false,
    ],
    [
      'no organization on one side: workspaces alone decide',
      standard,
      key(null),
      { resourceWorkspaceId: null, resourceOrganizationId: 'org_b' },
      'allowed',
    ],
  ];

  it.each(table)('%s', (_, endpoint, credential, context, want, documented) => {
    const d = authorize(endpoint, credential, context);
    if (want === 'allowed') {
      expect(d.allowed).toBe(true);
      return;
    }
    if (d.allowed) throw new Error('expected a denial');
    expect(d.status).toBe(want);
    expect(d.documented).toBe(documented);
    if (!documented) expect(d.unspecified.length).toBeGreaterThan(0);
  });

  it('answers a token outside its scope with the documented 403 and no named error type', () => {
    const d = authorize(admin, token('workspace:developer'));
    expect(d).toMatchObject({
      allowed: false,
      reason: 'outside_scope',
      status: 403,
      errorType: null,
      referenceErrorType: 'permission_error',
      documented: true,
      requirements: expect.arrayContaining(['SCOPE-OUTSIDE-403']),
      unspecified: ['UNSPEC-AUTH-403-ERROR-TYPE'],
    });
  });

  it('answers a missing credential with 401 authentication_error as an unspecified treatment', () => {
    expect(authorize(standard, none)).toMatchObject({
      reason: 'unauthenticated',
      status: 401,
      referenceErrorType: 'authentication_error',
      documented: false,
      unspecified: ['UNSPEC-AUTH-MISSING-CREDENTIAL'],
    });
  });

  it('gives a workspace:developer token the same decisions as a key of its workspace on standard endpoints', () => {
    const contexts: AccessContext[] = [
      {},
      { resourceWorkspaceId: 'wrkspc_a' },
      { resourceWorkspaceId: 'wrkspc_b' },
      { resourceWorkspaceId: null },
    ];
    for (const ws of ['wrkspc_a', null]) {
      for (const context of contexts) {
        const byKey = authorize(standard, key(ws), context);
        const byToken = authorize(standard, token('workspace:developer', ws), context);
        expect(byToken.allowed).toBe(byKey.allowed);
        if (!byKey.allowed && !byToken.allowed) expect(byToken.status).toBe(byKey.status);
      }
    }
  });
});

describe('scopes', () => {
  it('has exactly the two documented scopes', () => {
    expect([...OAUTH_SCOPES].sort()).toEqual(['org:manage_tunnels', 'workspace:developer']);
  });

  it('lists what each scope grants', () => {
    expect(SCOPE_GRANTS['workspace:developer'].grants).toEqual([
      'messages (including streaming and token counting)',
      'models',
      'managed agents and their sessions',
      'files',
      'skills',
    ]);
    expect(SCOPE_GRANTS['workspace:developer'].sameAsWorkspaceKey).toBe(true);
    expect(SCOPE_GRANTS['org:manage_tunnels'].grants).toHaveLength(7);
    expect(SCOPE_GRANTS['org:manage_tunnels'].sameAsWorkspaceKey).toBe(false);
  });
});

describe('endpoint classes', () => {
  it.each([
    ['/v1/oauth/token', 'token_exchange', [], null],
    ['/v1/organizations/workspaces', 'administrative', ['admin_key'], null],
    ['/v1/organizations/workspaces/{workspace_id}/rate_limits', 'administrative', ['admin_key'], null],
    ['/v1/dreams', 'standard', ['workspace_key', 'access_token'], 'workspace:developer'],
    [null, 'standard', ['workspace_key', 'access_token'], 'workspace:developer'],
  ] as const)('%s is %s', (path, cls, auth, scope) => {
    expect(endpointClass({ path })).toBe(cls);
    expect(expectedAccess({ path })).toEqual({ auth, scope });
  });

  const endpoint = (over: Partial<Endpoint>) =>
    ({
      id: 'x.y',
      path: '/v1/messages',
      auth: ['workspace_key', 'access_token'] as Credential[],
      scope: 'workspace:developer',
      betas: [],
      ...over,
    }) as Pick<Endpoint, 'id' | 'path' | 'auth' | 'scope' | 'betas'>;

  it.each([
    ['a consistent standard endpoint', {}, 0],
    ['a standard endpoint without tokens', { auth: ['workspace_key'] as Credential[] }, 1],
    [
      'a standard endpoint with the admin key',
      { auth: ['workspace_key', 'access_token', 'admin_key'] as Credential[] },
      1,
    ],
    [
      'a consistent organization endpoint',
      { path: '/v1/organizations/workspaces', auth: ['admin_key'] as Credential[], scope: null },
      0,
    ],
    [
      'an organization endpoint with a scope',
      { path: '/v1/organizations/workspaces', auth: ['admin_key'] as Credential[] },
      1,
    ],
    [
      'a token exchange taking a key',
      { path: '/v1/oauth/token', auth: ['workspace_key'] as Credential[], scope: null },
      1,
    ],
    ['an unversioned path', { path: '/messages' }, 1],
    ['an unknown beta', { betas: ['nope-2020-01-01'] }, 1],
    ['a dreams endpoint with one beta', { path: '/v1/dreams', betas: ['managed-agents-2026-04-01'] }, 1],
    [
      'a dreams endpoint with both betas',
      { path: '/v1/dreams/{dream_id}', betas: ['managed-agents-2026-04-01', 'dreaming-2026-04-21'] },
      0,
    ],
    ['a session-resource endpoint without the beta', { path: '/v1/sessions/{session_id}/resources' }, 1],
  ])('finds the problems of %s', (_, over, count) => {
    expect(endpointAccessProblems(endpoint(over))).toHaveLength(count);
  });

  it('every endpoint of the spec declares the access and betas the documents give', () => {
    const problems = spec.endpoints.flatMap((e) => endpointAccessProblems(e));
    expect(problems).toEqual([]);
  });
});

describe('the resources an operation names (one ownership rule for all of them)', () => {
  it('names path parameters, then body references', () => {
    const create = spec.endpoints.find((e) => e.id === 'sessions.resources.create');
    expect(create && namedResources(create)).toEqual(['path.session_id', 'body.file_id']);
    const list = spec.endpoints.find((e) => e.id === 'dreams.list');
    expect(list && namedResources(list)).toEqual([]);
  });

  it('body references belong to standard operations of the endpoint table, whose body schema has the field', () => {
    for (const [id, fields] of Object.entries(BODY_RESOURCE_REFERENCES)) {
      const endpoint = spec.endpoints.find((e) => e.id === id);
      expect(endpoint?.auth, id).toContain('workspace_key');
      // The body schema with every named schema it refers to written out.
      const seen = new Set<string>();
      const body = JSON.stringify(endpoint?.body?.schema ?? {}, function expand(_key, value) {
        const ref = (value as { $ref?: unknown } | null)?.$ref;
        if (typeof ref !== 'string' || seen.has(ref)) return value;
        seen.add(ref);
        return JSON.parse(JSON.stringify(spec.schemas[ref] ?? {}, expand));
      });
      for (const field of fields) {
        const last = field.replace(/\[\]/g, '').split('.').at(-1) as string;
        expect(body, `${id} ${field}`).toContain(`"${last}"`);
      }
    }
  });

  it("a resource of another workspace or another organization's Default Workspace is refused as an unknown id (404)", () => {
    const ws: PresentedCredential = { kind: 'workspace_key', workspaceId: null, organizationId: 'org_a' };
    const theirs = authorize(standard, ws, { resourceWorkspaceId: null, resourceOrganizationId: 'org_b' });
    expect(theirs).toMatchObject({ allowed: false, status: 404, referenceErrorType: 'not_found_error' });
    expect(
      authorize(standard, ws, { resourceWorkspaceId: null, resourceOrganizationId: 'org_a' }).allowed,
    ).toBe(true);
  });
});
