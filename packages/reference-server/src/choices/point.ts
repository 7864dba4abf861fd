/** One entry of the table of choice points: the server's default, and the ids behind it. */
export interface ChoicePoint<T> {
  /**
   * The requirement ids the default realises (a fault breaks one of them) and the Unspecified ids
   * it chooses for (a variant takes another legal choice); none for the generic seams (an
   * operation's answer, the validators), whose answers cite their own.
   */
  readonly ids: readonly string[];
  readonly value: T;
}

/** A choice point: its type (given explicitly, so `true` reads as `boolean`), ids and default. */
export const point = <T>(ids: readonly string[], value: T): ChoicePoint<T> => ({ ids, value });

/** A patch of one choice point: given the default (or an earlier patch's value), its own. */
export type Override<T> = (documented: T) => T;
