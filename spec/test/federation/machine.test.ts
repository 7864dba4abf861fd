/**
 * The federation-rules machine through step(): every row of the exchange against an active
 * rule, the archived rule treated as nonexistent, and archival as a fixture happening.
 */
import { describe, expect, it } from 'vitest';
import { step, tableProblems } from '../../src/machine.js';
import { type Guard, guardNames, machine, stateOf } from '../../src/machines/federation-rules.js';

type Facts = Partial<Record<Guard, boolean>>;

/** Every check passes. */
const allGood: Facts = {
  requiredFieldMissing: false,
  ruleIdMalformed: false,
  jwtAuthorized: true,
  issMatches: true,
  keySetFetched: true,
  keySetFresh: true,
  signedByKnownKey: true,
  notExpired: true,
  otherJwtChecksPass: true,
  claimsMatch: true,
  workspaceIdMissingForMultiWorkspace: false,
};

describe('federation-rules machine', () => {
  it('is complete: exactly one row for every state, event and guard assignment', () => {
    expect(tableProblems(machine)).toEqual([]);
    expect(Object.keys(machine.guards).sort()).toEqual([...guardNames].sort());
  });

  it('starts active and treats archived as terminal', () => {
    expect(machine.initial).toBe('active');
    expect(machine.terminal).toEqual(['archived']);
  });

  describe('oauth.token on an active rule', () => {
    it('mints a token when every check passes', () => {
      const r = step(machine, 'active', 'oauth.token', allGood);
      expect(r.outcome).toEqual({ kind: 'ok', status: 200 });
      expect(r.effects).toEqual(['token.minted']);
      expect(r.next).toBe('active');
    });

    it('answers 400 invalid_request when a required field is missing', () => {
      const r = step(machine, 'active', 'oauth.token', { ...allGood, requiredFieldMissing: true });
      expect(r.outcome).toEqual({ kind: 'error', status: 400, errorType: 'invalid_request' });
      expect(r.row.requirements).toContain('EXCH-ERR-FIELD-MISSING');
    });

    it('answers 400 invalid_request when federation_rule_id is malformed', () => {
      const r = step(machine, 'active', 'oauth.token', { ...allGood, ruleIdMalformed: true });
      expect(r.outcome).toEqual({ kind: 'error', status: 400, errorType: 'invalid_request' });
      expect(r.row.requirements).toContain('EXCH-ERR-RULE-ID-MALFORMED');
    });

    it.each([
      ['jwtAuthorized', 'EXCH-ERR-NOT-AUTHORIZED'],
      ['issMatches', 'EXCH-ERR-ISS-MISMATCH'],
      ['keySetFetched', 'EXCH-ERR-KEYSET-FETCH-FAILED'],
      ['keySetFresh', 'EXCH-ERR-KEYSET-STALE'],
      ['signedByKnownKey', 'EXCH-ERR-KEY-NOT-IN-SET'],
      ['notExpired', 'EXCH-ERR-EXPIRED'],
      ['claimsMatch', 'EXCH-ERR-MATCH-FAILED'],
    ] as const)('answers 400 invalid_grant when %s fails (%s)', (guard, requirement) => {
      const r = step(machine, 'active', 'oauth.token', { ...allGood, [guard]: false });
      expect(r.outcome).toEqual({ kind: 'error', status: 400, errorType: 'invalid_grant' });
      expect(r.row.requirements).toContain(requirement);
      expect(r.effects).toEqual([]);
      expect(r.changed).toBe(false);
    });

    it('leaves the outcome of the unlisted JWT checks unspecified', () => {
      const r = step(machine, 'active', 'oauth.token', { ...allGood, otherJwtChecksPass: false });
      expect(r.outcome).toEqual({ kind: 'unspecified', unspecified: 'UNSPEC-EXCH-JWT-CHECK-ERRORS' });
      expect(r.effects).toEqual([]);
    });

    it('answers 400 invalid_request (workspace_id_required) when a multi-workspace rule gets no workspace_id', () => {
      const r = step(machine, 'active', 'oauth.token', {
        ...allGood,
        workspaceIdMissingForMultiWorkspace: true,
      });
      expect(r.outcome).toEqual({ kind: 'error', status: 400, errorType: 'invalid_request' });
      expect(r.row.requirements).toContain('EXCH-ERR-WORKSPACE-ID-REQUIRED');
    });

    it('checks the body before the grant, and the grant before workspace_id_required', () => {
      const bad = {
        ...allGood,
        requiredFieldMissing: true,
        jwtAuthorized: false,
        workspaceIdMissingForMultiWorkspace: true,
      };
      expect(step(machine, 'active', 'oauth.token', bad).outcome).toMatchObject({
        errorType: 'invalid_request',
      });
      const grant = { ...allGood, claimsMatch: false, workspaceIdMissingForMultiWorkspace: true };
      expect(step(machine, 'active', 'oauth.token', grant).outcome).toMatchObject({
        errorType: 'invalid_grant',
      });
    });
  });

  describe('oauth.token on an archived rule', () => {
    it('answers 400 invalid_grant even when every check passes (treated as nonexistent)', () => {
      const r = step(machine, 'archived', 'oauth.token', allGood);
      expect(r.outcome).toEqual({ kind: 'error', status: 400, errorType: 'invalid_grant' });
      expect(r.row.requirements).toEqual(
        expect.arrayContaining(['RULE-ARCHIVED-NONEXISTENT', 'EXCH-ERR-GRANT-MERGED']),
      );
      expect(r.effects).toEqual([]);
    });
    it('gives the same outcome as a not-authorized JWT on an active rule', () => {
      const archived = step(machine, 'archived', 'oauth.token', allGood).outcome;
      const unauthorized = step(machine, 'active', 'oauth.token', {
        ...allGood,
        jwtAuthorized: false,
      }).outcome;
      expect(archived).toEqual(unauthorized);
    });
    it('still answers 400 invalid_request for a malformed body', () => {
      expect(
        step(machine, 'archived', 'oauth.token', { ...allGood, requiredFieldMissing: true }).outcome,
      ).toMatchObject({
        errorType: 'invalid_request',
      });
      expect(
        step(machine, 'archived', 'oauth.token', { ...allGood, ruleIdMalformed: true }).outcome,
      ).toMatchObject({
        errorType: 'invalid_request',
      });
    });
  });

  describe('rule.archived', () => {
    it('moves an active rule to archived', () => {
      const r = step(machine, 'active', 'rule.archived');
      expect(r.next).toBe('archived');
      expect(r.outcome).toEqual({ kind: 'happens' });
    });
    it('is ignored on an archived rule', () => {
      const r = step(machine, 'archived', 'rule.archived');
      expect(r.next).toBe('archived');
      expect(r.outcome).toEqual({ kind: 'ignored' });
    });
  });

  it('reaches every row from the guard values it names', () => {
    for (const row of machine.rows) {
      for (const state of row.from) {
        const r = step(machine, state, row.event, row.when ?? {});
        expect(r.row).toBe(row);
      }
    }
  });

  it('maps a record to its state', () => {
    const rule = { name: 'ci', match: { subject_prefix: 'x' }, oauth_scope: 'workspace:developer' as const };
    expect(stateOf(rule)).toBe('active');
    expect(stateOf({ ...rule, archived: false })).toBe('active');
    expect(stateOf({ ...rule, archived: true })).toBe('archived');
  });
});
