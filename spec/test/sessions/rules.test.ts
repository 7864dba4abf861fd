import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStoreSessionResource } from '../../src/resources/sessions.js';
import {
  afterStoreRename,
  attachMemoryStore,
  checkMemoryStoreOwnership,
  checkRotation,
  defaultMountPath,
  isOrderedByCreatedAt,
  mountPathFor,
  orderByCreatedAt,
  resourceListLimit,
  supportsRotation,
} from '../../src/rules/sessions.js';
import { Ok, str } from '../helpers.js';

describe('mount path of an added file', () => {
  it('defaults to /mnt/session/uploads/<file_id>', () => {
    expect(defaultMountPath('file_abc')).toBe('/mnt/session/uploads/file_abc');
    expect(mountPathFor({ file_id: 'file_abc' })).toBe('/mnt/session/uploads/file_abc');
  });

  it('uses the given mount_path when there is one', () => {
    expect(mountPathFor({ file_id: 'file_abc', mount_path: '/data/x.csv' })).toBe('/data/x.csv');
  });

  it('ends with the file id for any id', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(defaultMountPath(id)).toBe(`/mnt/session/uploads/${id}`);
      }),
    );
  });
});

describe('token rotation', () => {
  it.each([
    ['git_host_repository', true],
    ['file', false],
    ['memory_store', false],
    ['unknown', false],
    ['toString', false],
  ])('%s supports rotation: %s', (type, supported) => {
    expect(supportsRotation(type)).toBe(supported);
    expect(checkRotation({ type }).length === 0).toBe(supported);
  });

  it('names the requirement when rotation is refused', () => {
    expect(checkRotation({ type: 'file' })[0]?.requirement).toBe('SRES-UPDATE-ROTATION-REPO-ONLY');
  });
});

describe('list limit', () => {
  it.each([
    [undefined, 'all'],
    [1, 1],
    [999, 999],
    [1000, 1000],
  ])('limit %s gives a page of %s', (limit, expected) => {
    expect(resourceListLimit(limit)).toEqual({ ok: true, limit: expected });
  });

  it.each([
    [1001, 'limit_too_large'],
    [0, 'limit_too_small'],
    [-5, 'limit_too_small'],
    [1.5, 'limit_not_integer'],
    ['10', 'limit_not_integer'],
    [null, 'limit_not_integer'],
    [Number.NaN, 'limit_not_integer'],
  ])('rejects limit %s (%s)', (limit, code) => {
    const result = resourceListLimit(limit);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.code).toBe(code);
  });

  it('accepts exactly the integers from 1 to 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 3000 }), (n) => {
        expect(resourceListLimit(n).ok).toBe(n >= 1 && n <= 1000);
      }),
    );
  });
});

describe('list order', () => {
  const at = (created_at: string, id: string) => ({ id, created_at });

  it('orders by created_at, oldest first, comparing instants not strings', () => {
    const out = orderByCreatedAt([
      at('2026-04-01T12:00:00Z', 'c'),
      at('2026-04-01T10:00:00Z', 'a'),
      at('2026-04-01T10:30:00+01:00', 'b'),
    ]);
    expect(out.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('keeps resources without a timestamp, after the others', () => {
    const out = orderByCreatedAt<{ id: string; created_at?: string }>([
      { id: 'x' },
      at('2026-04-01T10:00:00Z', 'a'),
    ]);
    expect(out.map((r) => r.id)).toEqual(['a', 'x']);
  });

  it('recognizes a monotonic page in either direction and rejects a shuffled one', () => {
    const a = at('2026-04-01T10:00:00Z', 'a');
    const b = at('2026-04-01T11:00:00Z', 'b');
    const c = at('2026-04-01T12:00:00Z', 'c');
    expect(isOrderedByCreatedAt([a, b, c])).toBe(true);
    expect(isOrderedByCreatedAt([c, b, a])).toBe(true);
    expect(isOrderedByCreatedAt([b, a, c])).toBe(false);
    expect(isOrderedByCreatedAt([])).toBe(true);
  });

  it('always produces an ordered page', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2e12 })), (times) => {
        const page = orderByCreatedAt(times.map((t, i) => at(new Date(t).toISOString(), String(i))));
        expect(isOrderedByCreatedAt(page)).toBe(true);
        expect(page).toHaveLength(times.length);
      }),
    );
  });
});

describe('memory-store ownership', () => {
  const caller = { organization_id: 'org-1', workspace_id: 'wrkspc_a' };

  it.each([
    ['the same organization and workspace', caller, []],
    ['another workspace', { ...caller, workspace_id: 'wrkspc_b' }, ['foreign_workspace']],
    ['another organization', { ...caller, organization_id: 'org-2' }, ['foreign_organization']],
    [
      'another organization and workspace',
      { organization_id: 'org-2', workspace_id: 'wrkspc_b' },
      ['foreign_organization', 'foreign_workspace'],
    ],
  ])('a store in %s', (_name, store, codes) => {
    expect(checkMemoryStoreOwnership(store, caller).map((p) => p.code)).toEqual(codes);
  });
});

describe('attaching a memory store', () => {
  it('copies description and name at attach time', () => {
    const r = attachMemoryStore({ memory_store_id: 'memstore_1', name: 'notes', description: 'Team notes' });
    expect(r).toEqual({
      ok: true,
      resource: {
        type: 'memory_store',
        memory_store_id: 'memstore_1',
        name: 'notes',
        description: 'Team notes',
      },
    });
    if (r.ok) Ok(MemoryStoreSessionResource, r.resource);
  });

  it.each([
    ['no description field', {}],
    ['a null description', { description: null }],
  ])('uses the empty string for a store with %s', (_name, extra) => {
    const r = attachMemoryStore({ memory_store_id: 'memstore_1', ...extra });
    expect(r.ok && r.resource.description).toBe('');
  });

  it('keeps the attachment access and instructions', () => {
    const r = attachMemoryStore(
      { memory_store_id: 'memstore_1' },
      { access: 'read_only', instructions: 'Be brief.' },
    );
    expect(r.ok && r.resource.access).toBe('read_only');
    expect(r.ok && r.resource.instructions).toBe('Be brief.');
  });

  it('accepts 4096-character instructions and refuses 4097', () => {
    expect(attachMemoryStore({ memory_store_id: 'memstore_1' }, { instructions: str(4096) }).ok).toBe(true);
    const r = attachMemoryStore({ memory_store_id: 'memstore_1' }, { instructions: str(4097) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.requirement).toBe('SRES-MEMSTORE-INSTRUCTIONS-MAX');
  });

  it('does not propagate a later rename of the store', () => {
    const r = attachMemoryStore({ memory_store_id: 'memstore_1', name: 'old' });
    if (!r.ok) throw new Error('attach failed');
    expect(afterStoreRename(r.resource, 'new').name).toBe('old');
  });
});
