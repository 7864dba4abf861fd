/**
 * What a case may need beyond the documented API: the capabilities of the conformance control API,
 * whose catalog is the spec's (`@vendor-api/spec`, `spec/src/control/`). An adapter declares the
 * capabilities it has; a case that needs one it lacks is reported as skipped, with the reason,
 * never as passed.
 */
export {
  CAPABILITIES,
  CAPABILITY_NAMES,
  type Capability,
  DECLARED_CAPABILITIES,
  FEDERATION_CAPABILITIES,
  isCapability,
  OPT_IN_CAPABILITIES,
} from '@vendor-api/spec';
