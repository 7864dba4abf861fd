import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FileSessionResource,
  GitHostRepositoryCommitCheckout,
  GitHostRepositorySessionResource,
  MemoryStoreId,
  MemoryStoreSessionResource,
  SessionCreateParams,
  SessionResource,
  SessionResourceCreateParams,
  SessionResourceDeleted,
  SessionResourceId,
  SessionResourceList,
  SessionResourceListParams,
  SessionResourceUpdateParams,
} from '../../src/resources/sessions.js';
import { Fail, Ok, str } from '../helpers.js';

const T = '2026-04-01T12:00:00Z';
const file = {
  id: 'sesrsc_01abc',
  file_id: 'file_01xyz',
  mount_path: '/mnt/session/uploads/file_01xyz',
  type: 'file',
  created_at: T,
  updated_at: T,
};
const repo = {
  id: 'sesrsc_02abc',
  mount_path: '/workspace/repo',
  type: 'git_host_repository',
  created_at: T,
  updated_at: T,
  url: 'https://git.example.com/org/repo',
};
const store = { memory_store_id: 'memstore_01abc', type: 'memory_store' };
const sha1 = 'a'.repeat(40);
const sha256 = '0123456789abcdef'.repeat(4);

describe('identifiers', () => {
  it('accepts a sesrsc_ resource id and rejects other prefixes or a bare prefix', () => {
    Ok(SessionResourceId, 'sesrsc_abc');
    Fail(SessionResourceId, 'sesrsc_');
    Fail(SessionResourceId, 'srsc_abc');
    Fail(SessionResourceId, 'memstore_abc');
  });

  it('accepts a memstore_ id and rejects other prefixes', () => {
    Ok(MemoryStoreId, 'memstore_abc');
    Fail(MemoryStoreId, 'memstore_');
    Fail(MemoryStoreId, 'mem_abc');
    Fail(MemoryStoreId, 'sesrsc_abc');
  });
});

describe('file resource', () => {
  it('accepts the documented fields', () => Ok(FileSessionResource, file));

  it.each(['id', 'file_id', 'mount_path', 'type', 'created_at', 'updated_at'])('requires %s', (field) => {
    const { [field as keyof typeof file]: _, ...rest } = file;
    Fail(FileSessionResource, rest);
  });

  it('rejects undocumented fields, a bad id prefix and a non-timestamp', () => {
    Fail(FileSessionResource, { ...file, url: 'x' });
    Fail(FileSessionResource, { ...file, id: 'file_01' });
    Fail(FileSessionResource, { ...file, created_at: 'yesterday' });
  });
});

describe('repository resource', () => {
  it('accepts no checkout, a branch checkout and a commit checkout', () => {
    Ok(GitHostRepositorySessionResource, repo);
    Ok(GitHostRepositorySessionResource, { ...repo, checkout: { type: 'branch', name: 'main' } });
    Ok(GitHostRepositorySessionResource, { ...repo, checkout: { type: 'commit', sha: sha1 } });
  });

  it('requires url and rejects a file_id', () => {
    const { url: _, ...noUrl } = repo;
    Fail(GitHostRepositorySessionResource, noUrl);
    Fail(GitHostRepositorySessionResource, { ...repo, file_id: 'file_1' });
  });

  it('rejects mixed-up checkout variants', () => {
    Fail(GitHostRepositorySessionResource, { ...repo, checkout: { type: 'branch', sha: sha1 } });
    Fail(GitHostRepositorySessionResource, { ...repo, checkout: { type: 'commit', name: 'main' } });
    Fail(GitHostRepositorySessionResource, { ...repo, checkout: { type: 'tag', name: 'v1' } });
    Fail(GitHostRepositorySessionResource, {
      ...repo,
      checkout: { type: 'branch', name: 'main', sha: sha1 },
    });
  });

  it.each([
    ['a 40-digit SHA-1 hash', sha1, true],
    ['a 64-digit SHA-256 hash', sha256, true],
    ['an upper-case full hash', 'ABCDEF0123'.repeat(4), true],
    ['a 39-digit hash', 'a'.repeat(39), false],
    ['a 41-digit hash', 'a'.repeat(41), false],
    ['a 63-digit hash', 'a'.repeat(63), false],
    ['a 65-digit hash', 'a'.repeat(65), false],
    ['an abbreviated hash', 'abc1234', false],
    ['a non-hex 40-character string', 'g'.repeat(40), false],
    ['an empty sha', '', false],
  ])('commit checkout with %s: valid=%s', (_name, sha, valid) => {
    (valid ? Ok : Fail)(GitHostRepositoryCommitCheckout, { type: 'commit', sha });
  });
});

describe('memory-store resource', () => {
  it('accepts the two required fields alone and every optional field', () => {
    Ok(MemoryStoreSessionResource, store);
    Ok(MemoryStoreSessionResource, {
      ...store,
      access: 'read_only',
      description: '',
      instructions: 'Prefer recent notes.',
      mount_path: '/mnt/memory/notes',
      name: 'notes',
      created_at: T,
      updated_at: T,
    });
  });

  it('has no id field', () => Fail(MemoryStoreSessionResource, { ...store, id: 'sesrsc_1' }));

  it('requires memory_store_id with the memstore_ prefix', () => {
    Fail(MemoryStoreSessionResource, { type: 'memory_store' });
    Fail(MemoryStoreSessionResource, { ...store, memory_store_id: 'store_1' });
  });

  it.each([
    ['read_write', true],
    ['read_only', true],
    ['write_only', false],
    ['READ_ONLY', false],
  ])('access %s: valid=%s', (access, valid) => {
    (valid ? Ok : Fail)(MemoryStoreSessionResource, { ...store, access });
  });

  it('accepts 4096-character instructions and rejects 4097', () => {
    Ok(MemoryStoreSessionResource, { ...store, instructions: str(4096) });
    Fail(MemoryStoreSessionResource, { ...store, instructions: str(4097) });
  });

  it('bounds instructions at 4096 characters for any length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6000 }), (n) => {
        const valid = n <= 4096;
        (valid ? Ok : Fail)(MemoryStoreSessionResource, { ...store, instructions: str(n, 'x') });
      }),
      { numRuns: 40 },
    );
  });
});

describe('resource union', () => {
  it('accepts each of the three kinds', () => {
    Ok(SessionResource, file);
    Ok(SessionResource, repo);
    Ok(SessionResource, store);
  });

  it('rejects an unknown kind and a kind with another kind’s fields', () => {
    Fail(SessionResource, { ...file, type: 'skill' });
    Fail(SessionResource, { ...file, type: 'git_host_repository' });
  });
});

describe('add-resource body', () => {
  it('accepts a file body with and without mount_path', () => {
    Ok(SessionResourceCreateParams, { file_id: 'file_1', type: 'file' });
    Ok(SessionResourceCreateParams, { file_id: 'file_1', type: 'file', mount_path: '/data/in.csv' });
  });

  it('rejects a missing file_id, another type and extra fields', () => {
    Fail(SessionResourceCreateParams, { type: 'file' });
    Fail(SessionResourceCreateParams, { file_id: 'file_1' });
    Fail(SessionResourceCreateParams, { file_id: 'file_1', type: 'memory_store' });
    Fail(SessionResourceCreateParams, { file_id: 'file_1', type: 'file', url: 'x' });
  });
});

describe('list query and page', () => {
  it.each([
    [undefined, true],
    [1, true],
    [100, true],
    [1000, true],
    [1001, false],
    [0, false],
    [-1, false],
    [2.5, false],
  ])('limit %s: valid=%s', (limit, valid) => {
    (valid ? Ok : Fail)(SessionResourceListParams, limit === undefined ? {} : { limit });
  });

  it('accepts any integer limit from 1 to 1000 and rejects larger ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (limit) => {
        (limit <= 1000 ? Ok : Fail)(SessionResourceListParams, { limit });
      }),
    );
  });

  it('takes a page cursor and nothing else', () => {
    Ok(SessionResourceListParams, { page: 'opaque', limit: 10 });
    Fail(SessionResourceListParams, { after_id: 'x' });
  });

  it('holds resources of any kind and a next_page string or null', () => {
    Ok(SessionResourceList, { data: [file, repo, store], next_page: null });
    Ok(SessionResourceList, { data: [], next_page: 'cursor' });
    Fail(SessionResourceList, { data: [file] });
    Fail(SessionResourceList, { data: [file], next_page: 3 });
    Fail(SessionResourceList, { data: [{ type: 'skill' }], next_page: null });
  });
});

describe('update body and deletion confirmation', () => {
  it('takes exactly an authorization_token string', () => {
    Ok(SessionResourceUpdateParams, { authorization_token: 'tok' });
    Fail(SessionResourceUpdateParams, {});
    Fail(SessionResourceUpdateParams, { authorization_token: 1 });
    Fail(SessionResourceUpdateParams, { authorization_token: 'tok', url: 'x' });
  });

  it('confirms a deletion with {id, type: session_resource_deleted}', () => {
    Ok(SessionResourceDeleted, { id: 'sesrsc_1', type: 'session_resource_deleted' });
    Ok(SessionResourceDeleted, { id: 'memstore_1', type: 'session_resource_deleted' });
    Fail(SessionResourceDeleted, { id: 'sesrsc_1', type: 'deleted' });
    Fail(SessionResourceDeleted, { id: 'sesrsc_1' });
    Fail(SessionResourceDeleted, { id: 'sesrsc_1', type: 'session_resource_deleted', deleted: true });
  });
});

describe('session creation body', () => {
  const body = {
    agent: 'agent_1',
    environment_id: 'env_1',
    resources: [{ type: 'memory_store', memory_store_id: 'memstore_out' }],
  };

  it('accepts an agent, an environment and a memory-store item', () => Ok(SessionCreateParams, body));

  it('stays open to fields and item kinds that are not shown', () => {
    Ok(SessionCreateParams, { ...body, title: 'later' });
    Ok(SessionCreateParams, { ...body, resources: [{ type: 'file', file_id: 'file_1' }] });
    Ok(SessionCreateParams, {
      ...body,
      resources: [{ type: 'memory_store', memory_store_id: 'memstore_1', access: 'read_only' }],
    });
  });

  it('requires a memstore_ id on a memory-store item', () => {
    Fail(SessionCreateParams, { ...body, resources: [{ type: 'memory_store' }] });
    Fail(SessionCreateParams, { ...body, resources: [{ type: 'memory_store', memory_store_id: 'drm_1' }] });
  });

  it('requires agent, environment_id and resources', () => {
    for (const field of ['agent', 'environment_id', 'resources'] as const) {
      const { [field]: _, ...rest } = body;
      Fail(SessionCreateParams, rest);
    }
    Fail(SessionCreateParams, { ...body, resources: [{ file_id: 'no type' }] });
  });

  it('marks the memory-store instructions bound with its requirement', () => {
    expect(MemoryStoreSessionResource.properties.instructions['x-requirements']).toContain(
      'SRES-MEMSTORE-INSTRUCTIONS-MAX',
    );
  });
});
