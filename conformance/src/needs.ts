/**
 * What a case needs from the adapter, and what it can do without. A need is a capability the case
 * cannot run without (skipped, with the reason, when the adapter lacks it), or one it uses when
 * the adapter has it and otherwise does without on the wall clock: a case that drives batches or
 * dreams when it can polls the documented API until they end when it cannot, a case that moves
 * the clock when it can lets real time pass (or leaves out what only a moved clock reaches).
 */
import type { Capability } from './capabilities.js';

/** The capabilities a case may do without on the wall clock. */
export type RealTimeCapability = 'clock' | 'drive-batches' | 'drive-dreams';

export interface CapabilityNeed {
  readonly capability: Capability;
  /**
   * The case runs without it, on the wall clock: it polls the documented API instead of driving
   * (bounded by the run's `--max-wait`), or leaves out what only a moved clock reaches.
   */
  readonly orRealTime?: boolean;
  /** What the case needs it for, in the user's terms: the skip reason says so. */
  readonly for?: string;
  /**
   * The case runs without it, but observes these requirements only through it: without the
   * capability they are not credited to the case (no credit without observation).
   */
  readonly observes?: readonly string[];
  /** The capability, or another tenant's credentials given to the run (`--other-*`), will do. */
  readonly orOtherTenant?: boolean;
}

/** A capability (required), or a need that says more: optional on the wall clock, or what it is for. */
export type Need = Capability | CapabilityNeed;

/** A capability the case uses when the adapter has it, and does without on the wall clock. */
export const orRealTime = (capability: RealTimeCapability): CapabilityNeed => ({
  capability,
  orRealTime: true,
});

/**
 * A capability the case uses when offered to observe some of its requirements (state the documented
 * API does not show: a session archived, a store left as it was); without it the case still runs,
 * and those requirements are not credited to it. With no requirements: a capability the case uses
 * when offered to reach more of what it checks (a user, so a member endpoint is probed with a real
 * id), whose absence leaves no requirement of it unobserved.
 */
export const observedWith = (capability: Capability, ...requirements: string[]): CapabilityNeed => ({
  capability,
  observes: requirements,
});

/**
 * Another tenant (organization): made by the adapter (capability `tenants`), or given to the run
 * (`--other-admin-key`, `--other-workspace-id`, `--other-workspace-key`).
 */
export const anotherTenant: CapabilityNeed = {
  capability: 'tenants',
  orOtherTenant: true,
  for: "another tenant's credentials (or give --other-admin-key, --other-workspace-id and --other-workspace-key)",
};

/** Whether a need is optional: the case runs without it (on the wall clock, or observing less). */
const optional = (n: CapabilityNeed) => n.orRealTime === true || n.observes !== undefined;

/** A capability the case cannot do without, with what it needs it for (the skip reason says so). */
export const needFor = (capability: Capability, what: string): CapabilityNeed => ({ capability, for: what });

const normalized = (need: Need): CapabilityNeed => (typeof need === 'string' ? { capability: need } : need);

/** The capability a need names. */
export const capabilityOf = (need: Need): Capability => normalized(need).capability;

/** The capabilities a case cannot run without. */
export const requiredCapabilities = (needs: readonly Need[] = []): Capability[] =>
  needs
    .map(normalized)
    .filter((n) => !optional(n))
    .map((n) => n.capability);

/** Every capability a case names in its needs, of any kind. */
export const namedCapabilities = (needs: readonly Need[] = []): Set<Capability> =>
  new Set(needs.map(capabilityOf));

/**
 * The requirements a case cannot observe on this target: those it observes only through a
 * capability the target lacks (`observedWith`).
 */
export function unobservedRequirements(
  needs: readonly Need[] = [],
  has: (capability: Capability) => boolean,
): Map<string, Capability> {
  const out = new Map<string, Capability>();
  for (const n of needs.map(normalized))
    if (n.observes && !has(n.capability)) for (const id of n.observes) out.set(id, n.capability);
  return out;
}

/** The capabilities a case uses when it can, and does without on the wall clock. */
export const realTimeCapabilities = (needs: readonly Need[] = []): Capability[] =>
  needs
    .map(normalized)
    .filter((n) => n.orRealTime)
    .map((n) => n.capability);

/** How `list` shows the needs: `clock|real time` for those the case can do without. */
export const needsText = (needs: readonly Need[] = []): string =>
  needs
    .map(normalized)
    .map((n) =>
      n.orRealTime
        ? `${n.capability}|real time`
        : n.observes
          ? `${n.capability}|observes less`
          : n.capability,
    )
    .join(', ');

/**
 * The skip reason of a case whose required needs are missing, in the run's terms (`lacks` says
 * what the target lacks: "the control API offers no clock", "no control API or adapter given"):
 * what each one is for, where the case says so, then the others.
 */
export function missingReason(
  missing: readonly CapabilityNeed[],
  lacks: (capabilities: readonly Capability[]) => string,
): string {
  const purposes = [...new Set(missing.flatMap((n) => (n.for === undefined ? [] : [n.for])))];
  const parts = purposes.map(
    (what) => `needs ${what}: ${lacks(missing.filter((n) => n.for === what).map((n) => n.capability))}`,
  );
  const plain = missing.filter((n) => n.for === undefined).map((n) => n.capability);
  if (plain.length) parts.push(lacks(plain));
  return parts.join('; ');
}

/**
 * The required needs of a case that are missing (neither the adapter's nor asked for on the run;
 * `otherTenant`: the run was given another tenant's credentials).
 */
export function missingNeeds(
  needs: readonly Need[] = [],
  has: (capability: Capability) => boolean,
  otherTenant = false,
): CapabilityNeed[] {
  return needs
    .map(normalized)
    .filter((n) => !optional(n) && !has(n.capability) && !(n.orOtherTenant && otherTenant))
    .filter((n, i, all) => all.findIndex((m) => m.capability === n.capability) === i);
}

/**
 * Whether a case changes what every case of a shared target sees, so it must run alone: it moves
 * the server's clock (it needs the clock, uses it when it can, or waits for batches or dreams by
 * moving it because it cannot drive them), or it switches faults.
 */
export function movesSharedState(
  needs: readonly Need[] = [],
  capabilities: ReadonlySet<Capability>,
): boolean {
  const uses = (c: Capability) => needs.some((n) => capabilityOf(n) === c);
  if (uses('faults') && capabilities.has('faults')) return true;
  return movesClock(needs, capabilities);
}

/**
 * Whether a case may move the target's clock: the target offers one, and the case needs it, uses it
 * when it can, or waits for what it cannot drive (a batch, a dream) by moving it. Any subset of
 * capabilities a target offers is legal: a clock offered without the drives is waited on this way.
 */
export function movesClock(needs: readonly Need[] = [], capabilities: ReadonlySet<Capability>): boolean {
  if (!capabilities.has('clock')) return false;
  return needs
    .map(normalized)
    .some((n) => n.capability === 'clock' || (n.orRealTime === true && !capabilities.has(n.capability)));
}
