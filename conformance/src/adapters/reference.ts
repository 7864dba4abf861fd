/**
 * The reference server's adapter (`--adapter reference`): the control adapter (`control.ts`)
 * pointed at the server's control URL, its base URL + `/_test`. Nothing here is specific to the
 * reference server but that path and the capabilities it offers (every capability of the catalog).
 */
import { TEST_CONTROL_PREFIX } from '@vendor-api/reference-server';
import type { Adapter, Target } from '../adapter.js';
import { CAPABILITY_NAMES, type Capability, OPT_IN_CAPABILITIES } from '../capabilities.js';
import { ControlError, connectControl, controlAdapter } from './control.js';

/** The control URL of a reference server at a base URL. */
export const referenceControlUrl = (baseUrl: string) =>
  `${baseUrl.replace(/\/+$/, '')}${TEST_CONTROL_PREFIX}`;

/** What a reference server with test control offers: every capability but the run's opt-ins. */
export const REFERENCE_CAPABILITIES: ReadonlySet<Capability> = new Set(
  CAPABILITY_NAMES.filter((c) => !OPT_IN_CAPABILITIES.includes(c)),
);

/** How the adapter reaches test control. */
export interface ReferenceAdapterOptions {
  /** The token the server printed at start (`control token:`); every control call carries it. */
  readonly testControlToken?: string;
}

/**
 * The target of the seeded (demo) organization, as the server's discovery names it. A ControlError
 * when the server answers no control API (started without test control) or refuses the token.
 */
export async function referenceTarget(
  baseUrl: string,
  options: ReferenceAdapterOptions = {},
): Promise<Target> {
  return (await connectReference(baseUrl, options)).target;
}

/** Discovery at a reference server, then its adapter and target. */
export function connectReference(baseUrl: string, options: ReferenceAdapterOptions = {}) {
  return connectControl({
    baseUrl,
    controlUrl: referenceControlUrl(baseUrl),
    ...(options.testControlToken === undefined ? {} : { token: options.testControlToken }),
    name: 'reference-server',
  });
}

/**
 * The adapter of a reference server whose seeded organization is known (an in-process server):
 * no discovery call; its capabilities are the reference server's.
 */
export function referenceAdapter(
  baseUrl: string,
  options: ReferenceAdapterOptions & { readonly organizationId: string },
): Adapter {
  return controlAdapter({
    controlUrl: referenceControlUrl(baseUrl),
    ...(options.testControlToken === undefined ? {} : { token: options.testControlToken }),
    capabilities: REFERENCE_CAPABILITIES,
    organizationId: options.organizationId,
    runHooks: true,
    name: 'reference-server',
  });
}

export { ControlError };
