/**
 * Token rotation: only `git_host_repository` resources support it. Rotating a `file` resource is
 * refused (a 4xx: the status is not shown) and leaves it unchanged; rotating a repository resource
 * answers the updated repository resource (its add-resource body is not shown, so the repository
 * comes through the adapter).
 */
import { defineCase } from '../../case.js';
import { addFile, freshSession, success } from './support.js';

export const rotationRefusedForFiles = defineCase({
  id: 'sessions.rotation-refused-for-files',
  family: 'sessions',
  title: 'rotating the authorization token of a file resource is a 4xx and leaves the resource unchanged',
  requirements: ['SRES-UPDATE-ROTATION-REPO-ONLY', 'SRES-UPDATE-BODY'],
  needs: ['sessions', 'files'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const { resource } = await addFile(ctx, session);
    const path = { session_id: session, resource_id: resource.id };
    const res = await ctx.call(
      'sessions.resources.update',
      { path, body: { authorization_token: 'tok-rotated' } },
      false,
    );
    ctx.clientError(res);
    const read = await ctx.call('sessions.resources.retrieve', { path });
    success(ctx, read);
    if (JSON.stringify(read.body) !== JSON.stringify(resource))
      ctx.fail(`the refused rotation changed the resource: ${read.text}`);
  },
});

export const rotationForRepositories = defineCase({
  id: 'sessions.rotation-repository',
  family: 'sessions',
  title: 'rotating the authorization token of a git_host_repository resource answers the updated resource',
  requirements: [
    'SRES-UPDATE-ROTATION-REPO-ONLY',
    'SRES-UPDATE-BODY',
    'SRES-UPDATE-RETURNS-UPDATED',
    'SRES-REPO-FIELDS',
  ],
  needs: ['sessions', 'session-repositories'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const url = 'https://git.example.com/acme/repo.git';
    const repo = await ctx.fixture('session-repositories', 'attachRepository', session, {
      url,
      authorization_token: 'tok-initial',
    });
    const path = { session_id: session, resource_id: repo.id };
    const res = await ctx.call('sessions.resources.update', {
      path,
      body: { authorization_token: 'tok-rotated' },
    });
    success(ctx, res);
    ctx.field(res, '/id', repo.id);
    ctx.field(res, '/type', 'git_host_repository');
    ctx.field(res, '/url', url);
    const read = await ctx.call('sessions.resources.retrieve', { path });
    success(ctx, read);
    ctx.field(read, '/type', 'git_host_repository');
  },
});
