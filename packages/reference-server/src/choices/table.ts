/**
 * THE table of choice points: every place where the server's behaviour may differ from its
 * default, with the default and the requirement or Unspecified ids behind it, one section per
 * family. A seeded fault patches the table where it breaks a documented requirement, a variant
 * where it takes another legal choice; handlers, the pipeline and the lifecycles read the table
 * (`state.choices`) and never learn which fault or variant, if any, patched it.
 */
import type { FaultName, VariantName } from '@vendor-api/spec';
import { dreams } from '../dreams/choices.js';
import { federation } from '../federation/choices.js';
import { messageBatches } from '../message-batches/choices.js';
import { messages } from '../messages/choices.js';
import { pipeline } from '../pipeline/choices.js';
import { rateLimits } from '../rate-limits/choices.js';
import { sessions } from '../sessions/choices.js';
import { usage } from '../usage/choices.js';
import { workspaces } from '../workspaces/choices.js';
import type { ChoicePoint, Override } from './point.js';

type Table = typeof pipeline &
  typeof workspaces &
  typeof rateLimits &
  typeof usage &
  typeof messages &
  typeof messageBatches &
  typeof dreams &
  typeof sessions &
  typeof federation;

/** Every choice point, by name (a name is in one section only: a test holds the sections to it). */
export const CHOICE_POINTS: Table = {
  ...pipeline,
  ...workspaces,
  ...rateLimits,
  ...usage,
  ...messages,
  ...messageBatches,
  ...dreams,
  ...sessions,
  ...federation,
};

export type ChoiceName = keyof typeof CHOICE_POINTS;

/** What the server chooses at every choice point. */
export type Choices = { readonly [K in ChoiceName]: (typeof CHOICE_POINTS)[K]['value'] };

/** A typed patch of the table: the choice points it changes, each given the value before it. */
export type Patch = { readonly [K in ChoiceName]?: Override<Choices[K]> };

/** The patches of some faults (one family's), by name: a name the catalog lacks does not compile. */
export type FaultPatches = { readonly [K in FaultName]?: Patch };

/** The patches of some variants (one family's), by name. */
export type VariantPatches = { readonly [K in VariantName]?: Patch };

/** The defaults: the documented behaviour, and the reference server's own choices where the documents are silent. */
export const DEFAULTS = Object.fromEntries(
  Object.entries(CHOICE_POINTS).map(([name, entry]: [string, ChoicePoint<unknown>]) => [name, entry.value]),
) as Choices;

/** Patches typed by name only, as a family exports them (each was checked against the table where it is written). */
export const named = <T extends object>(patches: T) => patches as { readonly [K in keyof T]: Patch };
