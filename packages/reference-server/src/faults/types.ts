/** A seeded fault: one named deviation that breaks exactly one documented requirement. */
export interface FaultDefinition {
  /** `UPPER_SNAKE` name, unique across the catalog. */
  readonly name: string;
  /** The requirement id (from the spec's catalog) the fault breaks. */
  readonly requirement: string;
  /** What the server does wrong while the fault is on. */
  readonly description: string;
}
