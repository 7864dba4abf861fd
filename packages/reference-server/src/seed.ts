/**
 * The demo organization seeded at start: an organization, its Default Workspace, one named
 * workspace with a workspace key, and an admin key. Ids derive from the seed; keys are random.
 */
import type { Vendor } from '@vendor-api/spec';
import type { IdGenerator } from './ids.js';
import type { Demo, ServerState } from './state.js';
import type { Store } from './store.js';

type Choices = ServerState['choices'];

/** Key of the Default Workspace in the store (it has no identifier on the wire). */
export const defaultWorkspaceKey = (organizationId: string) => `default:${organizationId}`;

/** A workspace key: workspace keys have no documented prefix (UNSPEC-AUTH-WORKSPACE-KEY-FORMAT). */
export const workspaceKeySecret = (v: Vendor, ids: IdGenerator, choices: Choices) =>
  choices.workspaceKey(`sk-${v.name}-api03-${ids.secret()}`, ids);
/** An admin key, with the documented admin prefix. */
export const adminKeySecret = (v: Vendor, ids: IdGenerator) => `${v.prefixes.adminKey}01-${ids.secret()}`;

export function seedDemo(store: Store, ids: IdGenerator, v: Vendor, choices: Choices): Demo {
  const organizationId = ids.uuid();
  store.organizations.put({ id: organizationId, name: 'Demo organization' });
  store.workspaces.put({
    id: defaultWorkspaceKey(organizationId),
    organizationId,
    name: 'Default Workspace',
    isDefault: true,
    archivedAt: null,
  });
  const workspaceId = ids.next('workspace');
  store.workspaces.put({ id: workspaceId, organizationId, name: 'Demo', isDefault: false, archivedAt: null });
  const adminKey = adminKeySecret(v, ids);
  store.apiKeys.put({ id: adminKey, kind: 'admin_key', organizationId, workspaceId: null, revokedAt: null });
  const workspaceKey = workspaceKeySecret(v, ids, choices);
  store.apiKeys.put({
    id: workspaceKey,
    kind: 'workspace_key',
    organizationId,
    workspaceId,
    revokedAt: null,
  });
  return { organizationId, workspaceId, adminKey, workspaceKey };
}
