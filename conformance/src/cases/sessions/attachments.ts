/**
 * The fields of attached resources that no add-resource body shows: memory-store attachments
 * (made at session creation, whose item fields beyond `memory_store_id` are not shown:
 * UNSPEC-SESS-CREATE-RESOURCE-KINDS) and repository checkouts (attached through the adapter:
 * UNSPEC-SRES-CREATE-OTHER-KINDS). What an attachment request carries is never assumed to be
 * honoured; what the resource then holds must follow the documents (and every listed resource is
 * validated strictly against the spec's schema), and files stay in their workspace.
 */
import {
  type GitHostRepositorySessionResource,
  MEMORY_STORE_INSTRUCTIONS_MAX,
  MemoryStoreAccess,
  type MemoryStoreSessionResource,
} from '@vendor-api/spec';
import { Unobservable } from '../../adapter.js';
import { type CaseContext, defineCase } from '../../case.js';
import { freshSession, listAll, sessionIdOf, success } from './support.js';

/**
 * Creates a session attaching one memory-store item; the session id, or null when the target
 * refused the item (a 4xx with the error body). A refusal of a plain item, or an answer without an
 * `id` (the body is not shown: UNSPEC-SESS-CREATE-RESPONSE), leaves the case unobservable.
 */
async function attach(ctx: CaseContext, item: Record<string, unknown>): Promise<string | null> {
  // Items may carry values off the documented sets and output-only fields on purpose.
  const res = await ctx.callUnchecked(
    'sessions.create',
    { body: { agent: 'agent_conformance', environment_id: 'env_conformance', resources: [item] } },
    false,
  );
  if (res.status >= 400 && res.status < 500) {
    ctx.clientError(res);
    return null;
  }
  success(ctx, res);
  const id = sessionIdOf(res.body);
  if (id === null)
    throw new Unobservable('the session-creation answer carries no `id` (its body is not shown)');
  return id;
}

/** The memory-store resource of a session (its resource list is validated strictly). */
async function storeResource(ctx: CaseContext, session: string, storeId: string) {
  const { items } = await listAll(ctx, session);
  const r = items.find(
    (x): x is MemoryStoreSessionResource => x.type === 'memory_store' && x.memory_store_id === storeId,
  );
  if (!r) return ctx.fail(`session ${session} holds no memory_store resource for ${storeId}`);
  return r;
}

/** The documented access values (SRES-MEMSTORE-ACCESS-VALUES), from the spec's schema. */
const ACCESS: readonly string[] = MemoryStoreAccess.anyOf.map((s) => s.const);

export const memoryStoreAttachmentFields = defineCase({
  id: 'sessions.memory-store-attachment-fields',
  family: 'sessions',
  title:
    'a memory-store attachment has access read_write or read_only, instructions of at most 4,096 characters, and a mount_path the service derives from the store, never the one a client sends',
  requirements: [
    'SRES-MEMSTORE-ACCESS-VALUES',
    'SRES-MEMSTORE-INSTRUCTIONS-MAX',
    'SRES-MEMSTORE-MOUNT-PATH-OUTPUT-ONLY',
  ],
  needs: ['memory-stores'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    const store = await ctx.fixture('memory-stores', 'createMemoryStore', ws, { name: 'attachment fields' });
    const item = (extra: Record<string, unknown>) => ({
      type: 'memory_store',
      memory_store_id: store.id,
      ...extra,
    });
    const plain = await attach(ctx, item({}));
    if (plain === null) throw new Unobservable('the target refused a plain memory-store attachment');
    const base = await storeResource(ctx, plain, store.id);

    // access: each of the two values can be asked for, and what the attachment holds is one of them;
    // another value never ends up on a resource (refused, or not copied).
    for (const access of [...ACCESS, 'write_only', 'READ_ONLY']) {
      const session = await attach(ctx, item({ access }));
      if (session === null) {
        if (ACCESS.includes(access)) ctx.fail(`an attachment with access ${access} was refused`);
        continue;
      }
      const r = await storeResource(ctx, session, store.id);
      if (r.access !== undefined && !ACCESS.includes(r.access))
        ctx.fail(`access ${JSON.stringify(r.access)} is neither read_write nor read_only`);
    }

    // instructions: 4,096 characters fit; 4,097 never end up on a resource.
    const longest = MEMORY_STORE_INSTRUCTIONS_MAX;
    for (const length of [longest, longest + 1]) {
      const instructions = 'i'.repeat(length);
      const session = await attach(ctx, item({ instructions }));
      if (session === null) {
        if (length <= longest)
          ctx.fail(`an attachment with ${longest} characters of instructions was refused`);
        continue;
      }
      const r = await storeResource(ctx, session, store.id);
      if (r.instructions !== undefined && r.instructions.length > longest)
        ctx.fail(`an attachment holds ${r.instructions.length} characters of instructions`);
    }

    // mount_path is output-only: derived from the store, so a client's value is not taken.
    const chosen = '/conformance/chosen-by-the-client';
    const session = await attach(ctx, item({ mount_path: chosen }));
    if (session !== null) {
      const r = await storeResource(ctx, session, store.id);
      if (r.mount_path === chosen) ctx.fail(`the attachment took the mount_path ${chosen} the client sent`);
      if (r.mount_path !== undefined && base.mount_path !== undefined && r.mount_path !== base.mount_path)
        ctx.fail(
          `two attachments of the same store have the mount paths ${base.mount_path} and ${r.mount_path}`,
        );
    }
  },
});

export const memoryStoreNameNotPropagated = defineCase({
  id: 'sessions.memory-store-rename-not-propagated',
  family: 'sessions',
  title: 'renaming a memory store after it was attached leaves the name of the attached resource as it was',
  requirements: ['SRES-MEMSTORE-NAME-NO-PROPAGATE', 'SRES-MEMSTORE-NAME-COPIED'],
  needs: ['memory-stores', 'memory-store-rename'],
  async run(ctx) {
    const store = await ctx.fixture('memory-stores', 'createMemoryStore', ctx.target.workspace, {
      name: 'before rename',
    });
    const session = await attach(ctx, { type: 'memory_store', memory_store_id: store.id });
    if (session === null) throw new Unobservable('the target refused a plain memory-store attachment');
    const before = await storeResource(ctx, session, store.id);
    await ctx.fixture('memory-store-rename', 'renameMemoryStore', store.id, 'after rename');
    const after = await storeResource(ctx, session, store.id);
    if (after.name !== before.name)
      ctx.fail(`the attached resource's name changed from ${before.name} to ${after.name} with the store's`);
  },
});

const SHA = '0123456789abcdef0123456789abcdef01234567';

export const repositoryCheckout = defineCase({
  id: 'sessions.repository-checkout',
  family: 'sessions',
  title:
    'a repository resource reads back with no checkout, a branch checkout {type: branch, name} or a commit checkout {type: commit, sha} with the full hash',
  requirements: ['SRES-REPO-CHECKOUT-OPTIONAL', 'SRES-REPO-CHECKOUT-BRANCH', 'SRES-REPO-CHECKOUT-COMMIT'],
  needs: ['sessions', 'session-repositories'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const url = 'https://git.example.com/acme/repo.git';
    const checkouts: (Record<string, unknown> | undefined)[] = [
      undefined,
      { type: 'branch', name: 'main' },
      { type: 'commit', sha: SHA },
    ];
    for (const checkout of checkouts) {
      const repo = await ctx.fixture('session-repositories', 'attachRepository', session, {
        url,
        authorization_token: 'tok-checkout',
        ...(checkout === undefined ? {} : { checkout }),
      });
      // The read-back is validated strictly: a checkout of another shape, or an abbreviated sha, fails.
      const read = await ctx.call('sessions.resources.retrieve', {
        path: { session_id: session, resource_id: repo.id },
      });
      success(ctx, read);
      const r = read.body as GitHostRepositorySessionResource;
      ctx.field(read, '/type', 'git_host_repository');
      if (checkout === undefined) {
        if (r.checkout !== undefined && r.checkout !== null)
          ctx.fail(`a repository attached without a checkout reads back ${JSON.stringify(r.checkout)}`);
      } else ctx.field(read, '/checkout', checkout);
    }
  },
});

export const filesWorkspaceScoped = defineCase({
  id: 'sessions.file-of-another-workspace',
  family: 'sessions',
  title:
    "a file uploaded in another workspace cannot be added to a session (a 4xx); the workspace's own file can",
  requirements: ['WS-SCOPE-FILES', 'SRES-CREATE-FILE-UPLOADED'],
  needs: ['sessions', 'files', 'workspaces'],
  async run(ctx) {
    const other = await ctx.workspace();
    if (other.id === ctx.target.workspace.id) throw new Unobservable('no second workspace');
    const session = await freshSession(ctx);
    const foreign = await ctx.fixture('files', 'createFile', other);
    // The refusal's status is not shown (UNSPEC-SRES-ERRORS).
    ctx.clientError(
      await ctx.call(
        'sessions.resources.create',
        { path: { session_id: session }, body: { type: 'file', file_id: foreign.id } },
        false,
      ),
    );
    const own = await ctx.fixture('files', 'createFile', ctx.target.workspace);
    success(
      ctx,
      await ctx.call('sessions.resources.create', {
        path: { session_id: session },
        body: { type: 'file', file_id: own.id },
      }),
    );
    const { items } = await listAll(ctx, session);
    if (items.some((r) => r.type === 'file' && r.file_id === foreign.id))
      ctx.fail(`the file ${foreign.id} of another workspace is mounted in the session`);
  },
});
