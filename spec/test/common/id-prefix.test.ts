import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  DreamId,
  FederationRuleId,
  idPrefix,
  MemoryStoreId,
  MessageBatchId,
  prefixedId,
  ServiceAccountId,
  WorkspaceId,
} from '../../src/index.js';

describe('idPrefix', () => {
  it('reads the prefix of an id schema from its pattern (DREAM-ID-PREFIX, ID-FEDERATION-RULE-PREFIX, ID-SERVICE-ACCOUNT-PREFIX)', () => {
    expect(idPrefix(prefixedId('abc_'))).toBe('abc_');
    for (const schema of [
      DreamId,
      MessageBatchId,
      MemoryStoreId,
      WorkspaceId,
      FederationRuleId,
      ServiceAccountId,
    ]) {
      const prefix = idPrefix(schema);
      const pattern = new RegExp(schema.pattern ?? '');
      expect(pattern.test(`${prefix}x`), schema.pattern).toBe(true);
      expect(pattern.test(prefix), schema.pattern).toBe(false);
    }
    expect(idPrefix(DreamId)).toBe('drm_');
  });

  it('refuses a schema that is not an id written with prefixedId, naming its pattern', () => {
    expect(() => idPrefix(Type.String())).toThrow(/undefined is not a prefixedId pattern/);
    expect(() => idPrefix(Type.String({ pattern: '^[a-z]+_.+$' }))).toThrow(/"\^\[a-z\]\+_\.\+\$" is not/);
    expect(() => idPrefix(Type.String({ pattern: '^abc$' }))).toThrow(/not a prefixedId pattern/);
  });
});
