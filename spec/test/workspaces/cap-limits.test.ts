import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCreateWorkspace,
  checkWorkspaceLimit,
  checkWorkspaceLimitSet,
  countTowardCap,
  WORKSPACE_CAP,
} from '../../src/rules/workspaces.js';

const workspaces = (active: number, archived: number) => [
  ...Array.from({ length: active }, () => ({ archived: false })),
  ...Array.from({ length: archived }, () => ({ archived: true })),
];

describe('the 100-workspace cap', () => {
  it('is 100', () => expect(WORKSPACE_CAP).toBe(100));
  it('allows a 100th workspace when 99 count', () => expect(canCreateWorkspace(99).ok).toBe(true));
  it('rejects a 101st workspace when 100 count', () =>
    expect(canCreateWorkspace(100)).toMatchObject({
      ok: false,
      reason: 'cap',
      unspecified: 'UNSPEC-WS-CAP-EXCEEDED',
    }));
  it('rejects creation when 101 count', () =>
    expect(canCreateWorkspace(101)).toMatchObject({ ok: false, reason: 'cap' }));
  it('allows the first workspace', () => expect(canCreateWorkspace(0).ok).toBe(true));

  it('does not count archived workspaces', () => {
    expect(countTowardCap(workspaces(99, 50))).toBe(99);
    expect(canCreateWorkspace(countTowardCap(workspaces(99, 50))).ok).toBe(true);
    expect(canCreateWorkspace(countTowardCap(workspaces(100, 1))).ok).toBe(false);
  });

  it('does not count the Default Workspace (the reference choice for an unstated case)', () => {
    expect(countTowardCap([...workspaces(99, 0), { archived: false, isDefault: true }])).toBe(99);
  });

  it('allows creation exactly when fewer than 100 non-archived workspaces exist, whatever the archived count', () => {
    fc.assert(
      fc.property(fc.nat(150), fc.nat(300), (active, archived) => {
        expect(canCreateWorkspace(countTowardCap(workspaces(active, archived))).ok).toBe(active < 100);
      }),
    );
  });

  it('archiving a workspace never turns an allowed creation into a rejected one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 150 }), fc.nat(50), (active, archived) => {
        const before = canCreateWorkspace(countTowardCap(workspaces(active, archived))).ok;
        const after = canCreateWorkspace(countTowardCap(workspaces(active - 1, archived + 1))).ok;
        expect(before && !after).toBe(false);
      }),
    );
  });

  it('answers an invalid count with an error result', () => {
    for (const n of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(canCreateWorkspace(n)).toMatchObject({ ok: false, reason: 'invalid' });
    }
  });
});

describe('workspace limits against the organization limit', () => {
  it('accepts a lower limit', () =>
    expect(checkWorkspaceLimit(100, 99)).toMatchObject({ ok: true, effective: 99 }));
  it('accepts an equal limit', () =>
    expect(checkWorkspaceLimit(100, 100)).toMatchObject({ ok: true, effective: 100 }));
  it('rejects a higher limit', () =>
    expect(checkWorkspaceLimit(100, 101)).toMatchObject({ ok: false, reason: 'above-organization' }));
  it("defaults to the organization's limit", () =>
    expect(checkWorkspaceLimit(100, undefined)).toMatchObject({
      ok: true,
      effective: 100,
      source: 'organization',
    }));
  it('rejects any limit on the Default Workspace', () =>
    expect(checkWorkspaceLimit(100, 50, { defaultWorkspace: true })).toMatchObject({
      ok: false,
      reason: 'default-workspace',
    }));
  it('gives the Default Workspace the organization limit', () =>
    expect(checkWorkspaceLimit(100, null, { defaultWorkspace: true })).toMatchObject({
      ok: true,
      effective: 100,
    }));
  it('leaves a limit without an organization limit unspecified', () =>
    expect(checkWorkspaceLimit(null, 5)).toMatchObject({
      ok: true,
      unspecified: 'UNSPEC-WS-LIMIT-NO-ORG-LIMIT',
    }));
  it('answers invalid numbers with an error result', () => {
    expect(checkWorkspaceLimit(100, -1)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkWorkspaceLimit(Number.NaN, 1)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('accepts exactly the limits not higher than the organization limit, and the effective one never exceeds it', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (org, ws) => {
        const r = checkWorkspaceLimit(org, ws);
        expect(r.ok).toBe(ws <= org);
        if (r.ok) expect(r.effective as number).toBeLessThanOrEqual(org);
      }),
    );
  });

  it('allows workspace limits that sum higher than the organization limit, which still applies', () => {
    const r = checkWorkspaceLimitSet(100, [60, 60, null]);
    expect(r.ok).toBe(true);
    expect(r.sumExceedsOrganization).toBe(true);
    expect(r.organizationCeiling).toBe(100);
    expect(checkWorkspaceLimitSet(100, [60, 101]).ok).toBe(false);
  });
});
