import { describe, expect, it } from 'vitest';
import { guardAssignments, MachineTableError, step, tableProblems } from '../../src/machine.js';
import { machine, stateOf, type WorkspaceGuard } from '../../src/machines/workspaces.js';

const ARCHIVE = 'organizations.workspaces.archive' as const;
const guards = Object.keys(machine.guards) as WorkspaceGuard[];

describe('workspace machine', () => {
  it('has exactly one row for every state, event and guard assignment', () => {
    expect(tableProblems(machine)).toEqual([]);
  });

  it('starts active and ends archived', () => {
    expect(machine.initial).toBe('active');
    expect(machine.terminal).toEqual(['archived']);
  });

  it('archives an ordinary workspace with an admin credential: keys revoked, history kept, out of the cap', () => {
    const r = step(machine, 'active', ARCHIVE, { adminCredential: true });
    expect(r.next).toBe('archived');
    expect(r.changed).toBe(true);
    expect(r.effects).toEqual(['revokeApiKeys', 'preserveHistory', 'leaveWorkspaceCap']);
    expect(r.outcome).toEqual({ kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
    expect(r.row.requirements).toContain('WSARCH-KEYS-REVOKED');
  });

  it('archiving the coding-assistant workspace also disables its sign-in for the organization', () => {
    const r = step(machine, 'active', ARCHIVE, { adminCredential: true, isCodingAssistant: true });
    expect(r.next).toBe('archived');
    expect(r.effects).toEqual([
      'revokeApiKeys',
      'preserveHistory',
      'leaveWorkspaceCap',
      'disableCodingAssistantSignIn',
    ]);
    expect(r.row.requirements).toContain('WSARCH-CODING-ASSISTANT-SIGNIN');
  });

  it('never archives the Default Workspace', () => {
    for (const facts of guardAssignments(guards).filter((f) => f.isDefault)) {
      const r = step(machine, 'active', ARCHIVE, facts);
      expect(r.next, JSON.stringify(facts)).toBe('active');
      expect(r.effects).toEqual([]);
    }
    expect(step(machine, 'active', ARCHIVE, { adminCredential: true, isDefault: true }).outcome).toEqual({
      kind: 'unspecified',
      unspecified: 'UNSPEC-WS-ARCHIVE-DEFAULT',
    });
  });

  it('does not archive without an admin credential', () => {
    const r = step(machine, 'active', ARCHIVE, { adminCredential: false, isCodingAssistant: true });
    expect(r.next).toBe('active');
    expect(r.effects).toEqual([]);
    expect(r.outcome).toEqual({ kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED' });
  });

  it('keeps an archived workspace archived whatever the guards (cannot be undone)', () => {
    for (const facts of guardAssignments(guards)) {
      const r = step(machine, 'archived', ARCHIVE, facts);
      expect(r.next).toBe('archived');
      expect(r.changed).toBe(false);
      expect(r.effects).toEqual([]);
      expect(r.outcome).toEqual({ kind: 'unspecified', unspecified: 'UNSPEC-WS-ARCHIVE-ARCHIVED' });
    }
  });

  it('reaches archived only through the archive operation with an admin credential on a non-default workspace', () => {
    for (const facts of guardAssignments(guards)) {
      const r = step(machine, 'active', ARCHIVE, facts);
      expect(r.next === 'archived', JSON.stringify(facts)).toBe(facts.adminCredential && !facts.isDefault);
    }
  });

  it('rejects an unknown state or event', () => {
    expect(() => step(machine, 'deleted' as never, ARCHIVE)).toThrow(MachineTableError);
    expect(() => step(machine, 'active', 'organizations.workspaces.unarchive' as never)).toThrow(
      MachineTableError,
    );
  });

  it('reads the state of a record', () => {
    expect(stateOf({ archived: false })).toBe('active');
    expect(stateOf({ archived: true })).toBe('archived');
  });
});
