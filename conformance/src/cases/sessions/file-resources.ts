/**
 * Adding a file resource: with a `mount_path` it is mounted there; without one at
 * `/mnt/session/uploads/<file_id>`; the answer is the `file` resource (`sesrsc_` id, `file_id`,
 * `mount_path`, `type`, RFC 3339 timestamps), and reading it back by id gives the same resource.
 * A file that was never uploaded is refused (a 4xx: the status is not shown).
 */
import { sessionRules } from '@vendor-api/spec';
import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { addFile, freshSession, success } from './support.js';

export const fileResources = defineCase({
  id: 'sessions.file-resource-create',
  family: 'sessions',
  title:
    'a file resource is mounted at the given mount_path, else at /mnt/session/uploads/<file_id>, and reads back the same',
  requirements: [
    'SRES-CREATE-FILE-BODY',
    'SRES-CREATE-DEFAULT-MOUNT-PATH',
    'SRES-CREATE-CUSTOM-MOUNT-PATH',
    'SRES-CREATE-RETURNS-FILE',
    'SRES-FILE-FIELDS',
    'SRES-ID-PREFIX',
    'SRES-TIMESTAMPS',
    'SRES-KIND-DISCRIMINATOR',
    'SRES-RETRIEVE-ANY-KIND',
  ],
  needs: ['sessions', 'files'],
  async run(ctx) {
    const session = await freshSession(ctx);
    // Which mount paths a caller may choose is not shown (UNSPEC-SRES-MOUNT-PATH-RULES): plausible
    // ones, absolute, under /mnt/ and each unused in the session.
    const mountPath = fc.option(
      fc
        .array(fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,11}$/), { minLength: 1, maxLength: 3 })
        .map((parts) => `/mnt/${parts.join('/')}`),
      { nil: undefined, freq: 2 },
    );
    let added = 0;
    await ctx.property(
      mountPath,
      async (chosen) => {
        const path = chosen === undefined ? undefined : `${chosen}-${++added}`;
        const { resource, fileId, res } = await addFile(ctx, session, path);
        const want = sessionRules.mountPathFor({
          file_id: fileId,
          ...(path !== undefined ? { mount_path: path } : {}),
        });
        ctx.field(res, '/type', 'file');
        ctx.field(res, '/file_id', fileId);
        ctx.field(res, '/mount_path', want);
        const read = await ctx.call('sessions.resources.retrieve', {
          path: { session_id: session, resource_id: resource.id },
        });
        success(ctx, read);
        if (JSON.stringify(read.body) !== JSON.stringify(resource))
          ctx.fail(`the resource read back differs: ${read.text} vs ${JSON.stringify(resource)}`);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 20) },
    );
  },
});

export const fileMustBeUploaded = defineCase({
  id: 'sessions.file-resource-needs-uploaded-file',
  family: 'sessions',
  title: 'adding a file resource for a file that was never uploaded is refused with a 4xx',
  requirements: ['SRES-CREATE-FILE-UPLOADED'],
  needs: ['sessions'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const res = await ctx.call('sessions.resources.create', {
      path: { session_id: session },
      body: { type: 'file', file_id: 'file_never_uploaded_0000' },
    });
    ctx.clientError(res);
  },
});
