/**
 * Shapes shared by every resource family: the error body, timestamps, identifier patterns and
 * the helpers every family file uses to write schemas the same way.
 *
 * Conventions of `resources/`:
 * - every named schema has `$id` equal to its export name, and a static type of the same name;
 * - a union told apart by `type` is a `Type.Union` of objects each with `type: Type.Literal(...)`
 *   (the code generator turns it into `oneOf` + `discriminator`);
 * - a shape the documents list completely has `additionalProperties: false`; where they say other
 *   fields are "not shown" the object stays open and cites the Unspecified id in `description`;
 * - `additionalProperties: false` is the strict form only: the documents never close a field set
 *   on the wire, so the contract form (what the conformance suite judges with) opens every object
 *   unless it carries `x-closed: true`;
 * - a value set the documents leave open (a list they call non-exhaustive, a field where they show
 *   only "a value", a position where they show some kinds and say others are not shown) carries
 *   `x-open: true` on its enum or union (on the lone `$ref` where one kind is shown), with the
 *   sentence of the documents in `description`; lists they give as allowed values stay closed;
 * - vendor-derived values (model ids, key prefixes) are only reached through refs to
 *   `resources/vendor-names.ts`.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** `T | null`, as JSON Schema `anyOf [T, null]`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string identifier made of a documented prefix followed by an opaque string. */
export const prefixedId = (prefix: string, options: { $id?: string; description?: string } = {}) =>
  Type.String({
    pattern: `^${prefix}.+$`,
    description: `\`${prefix}\` followed by an opaque string; clients treat the rest as opaque.`,
    ...options,
  });

/**
 * The prefix of an identifier schema written with `prefixedId` (`drm_` of `DreamId`), read from
 * its pattern, so that code minting or recognising identifiers spells no prefix itself.
 */
export function idPrefix(schema: { readonly pattern?: string | undefined }): string {
  const prefix = /^\^(.+)\.\+\$$/.exec(schema.pattern ?? '')?.[1];
  if (prefix === undefined || /[\\^$.*+?()[\]{}|]/.test(prefix)) {
    throw new Error(`idPrefix: ${JSON.stringify(schema.pattern)} is not a prefixedId pattern`);
  }
  return prefix;
}

/** An RFC 3339 timestamp. */
export const Timestamp = Type.String({
  format: 'date-time',
  $id: 'Timestamp',
  description: 'RFC 3339 timestamp.',
});
export type Timestamp = Static<typeof Timestamp>;

/**
 * The instants a `Timestamp` can write, in milliseconds since the epoch: RFC 3339 years have four
 * digits (0000 to 9999). A server clock outside them cannot stamp a record.
 */
export const TIMESTAMP_RANGE_MS = {
  earliest: Date.parse('0000-01-01T00:00:00.000Z'),
  latest: Date.parse('9999-12-31T23:59:59.999Z'),
} as const;

/** Error types the documents name. Others exist (`error.type` is an open string). */
export const KNOWN_ERROR_TYPES = ['invalid_request_error', 'invalid_request', 'invalid_grant'] as const;

/**
 * Annotation keywords of the spec's schemas, with the JSON types their values take. They pass
 * through to the OpenAPI document; validators register them so that ajv's strict mode accepts them.
 * - `x-requirements`: the requirement ids a schema implements;
 * - `x-unspecified`: the Unspecified ids of what a schema leaves open;
 * - `x-open`: the documents leave this value set open; the contract form accepts other values
 *   (an enum) or other kinds (a union of objects told apart by `type`);
 * - `x-closed`: the documents close this object's field set; the contract form keeps it closed;
 * - `x-contract`: the contract form of a schema, where it differs from the strict form in more
 *   than the annotations here can say;
 * - `x-choice`: keywords of this schema that are the reference server's choice where the
 *   documents are silent (keyword -> Unspecified id; for `required`, `{unspecified, documented}`
 *   keeps the documented names): the contract form drops them, so the suite never asserts them;
 * - `x-unshown`: on a property, the Unspecified id of an item that leaves the field's value not
 *   shown (in some or all cases, e.g. when a request omitted it); written with `unshown()`, which
 *   makes the field optional and nullable; the item lists the field in its `fields`.
 */
export const SCHEMA_ANNOTATIONS = {
  'x-requirements': ['array', 'string'],
  'x-unspecified': ['array', 'string'],
  'x-open': ['boolean'],
  'x-closed': ['boolean'],
  'x-contract': ['object'],
  'x-choice': ['object'],
  'x-unshown': ['string'],
} as const satisfies Record<`x-${string}`, readonly ('array' | 'string' | 'boolean' | 'object')[]>;

/**
 * A field whose value an Unspecified item leaves not shown (in some or all cases): optional and
 * nullable in every form (the static type, the OpenAPI document, every validator), so a server may
 * leave it out (Go's `omitempty`), null it or fill it, and no check can assert one of those. It
 * carries `x-unshown` with the item's id; the item names the field in its `fields`
 * (`Schema.property`), and a test holds the two together.
 */
export const unshown = <T extends TSchema>(unspecifiedId: `UNSPEC-${string}`, schema: T) => {
  const {
    description,
    'x-requirements': requirements,
    ...value
  } = schema as T & {
    description?: string;
    'x-requirements'?: string[];
  };
  return Type.Optional(
    Type.Union([value as T, Type.Null()], {
      ...(description === undefined ? {} : { description }),
      ...(requirements === undefined ? {} : { 'x-requirements': requirements }),
      'x-unshown': unspecifiedId,
    }),
  );
};

/**
 * The service's standard error body: `{type: "error", error: {type, message}}`. The documents
 * show only the error type, at `error.type` (a batch result's error type is at
 * `result.error.error.type`; "Error body fields beyond the error type ... not shown"): that is its
 * contract form (`x-contract`). The rest is the project's choice of the standard body.
 */
export const ErrorBody = Type.Object(
  {
    type: Type.Literal('error'),
    error: Type.Object(
      {
        type: Type.String({
          description: `Error type; the documents name ${KNOWN_ERROR_TYPES.map((t) => `\`${t}\``).join(', ')}.`,
        }),
        message: Type.String(),
      },
      { description: 'Fields beyond the error type and message: not shown (UNSPEC-ERROR-BODY-FIELDS).' },
    ),
  },
  {
    $id: 'ErrorBody',
    description: 'The standard error body of the service.',
    'x-contract': Type.Object(
      { error: Type.Object({ type: Type.String({ description: 'Error type.' }) }) },
      {
        description:
          'What the documents show of the error body: an `error` object carrying the error type. Other fields: not shown (UNSPEC-ERROR-BODY-FIELDS).',
      },
    ),
  },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Workspace identifier: `wrkspc_` followed by an opaque string. */
export const WorkspaceId = prefixedId('wrkspc_', { $id: 'WorkspaceId' });
export type WorkspaceId = Static<typeof WorkspaceId>;

/** Organization identifier: a UUID. */
export const OrganizationId = Type.String({
  format: 'uuid',
  $id: 'OrganizationId',
  description: 'Organization UUID.',
});
export type OrganizationId = Static<typeof OrganizationId>;

/**
 * Any string except one value: the open "other kinds" member of a union whose known member has
 * that value. Written with TypeBox's own `Not` so TypeBox's checker and JSON Schema validators agree.
 */
export const StringExcept = (value: string, options: { description?: string } = {}) =>
  Type.Intersect([Type.String(), Type.Not(Type.Literal(value))], options);
