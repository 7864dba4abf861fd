/**
 * The classification table: every kind of change the differ reports, with its level and its
 * classification. Wire and type-level rules of schemas are judged by direction: `request` is what
 * a client sends (path, query, body: the server validates it strictly), `response` is what a
 * client receives (it validates leniently: unknown fields, enum values and union members are
 * tolerated, see tools/codegen/src/lenient.ts). The tool's README prints this table; the tests
 * iterate over it (every rule has a fixture).
 */

export type Level = 'wire' | 'types' | 'behaviour';
export type Severity = 'breaking' | 'compatible' | 'internal';
export type Direction = 'request' | 'response';

export interface Rule {
  readonly level: Level;
  /** What the change is. */
  readonly what: string;
  /** Classification when the change is in a request part, or the only one for undirected rules. */
  readonly request: Severity;
  /** Classification when the change is in a response. */
  readonly response: Severity;
  /** Why, in one line. */
  readonly why: string;
}

const both = (level: Level, what: string, severity: Severity, why: string): Rule => ({
  level,
  what,
  request: severity,
  response: severity,
  why,
});
const dir = (level: Level, what: string, request: Severity, response: Severity, why: string): Rule => ({
  level,
  what,
  request,
  response,
  why,
});

export const RULES = {
  // ---- wire: operations
  'operation.added': both('wire', 'an operation is added', 'compatible', 'nothing existing changes'),
  'operation.removed': both('wire', 'an operation is removed', 'breaking', 'callers get 404'),
  'operation.moved': both(
    'wire',
    'an operation keeps its id but changes method or path',
    'breaking',
    'old URLs stop working',
  ),
  'response.changed': both(
    'wire',
    'success status, content type or a shown body removed',
    'breaking',
    'clients parse the old response',
  ),
  'response.status-listed': both(
    'wire',
    'another success status a server may answer (one the documents leave open) is listed',
    'compatible',
    'a server could answer it already; clients that took it for an error now read the body',
  ),
  'response.status-unlisted': both(
    'wire',
    'another success status a server may answer is no longer listed',
    'breaking',
    'clients that read the body of that status lose it',
  ),
  'response.specified': both(
    'wire',
    'a response body that was "not shown" is now specified',
    'compatible',
    'clients treated it as unknown',
  ),
  'error.added': both(
    'wire',
    'a documented error case is added',
    'compatible',
    'clients handle errors by status and type generically',
  ),
  'error.removed': both(
    'wire',
    'a documented error case is removed',
    'compatible',
    'a handler that no longer fires breaks nothing',
  ),
  'auth.credential-added': both(
    'wire',
    'an operation accepts one more credential kind',
    'compatible',
    'more callers accepted',
  ),
  'auth.credential-removed': both(
    'wire',
    'an operation accepts one credential kind fewer',
    'breaking',
    'callers with it get 401/403',
  ),
  'auth.scope-changed': both(
    'wire',
    'the OAuth scope an access token needs changes',
    'breaking',
    'tokens with the old scope get 403',
  ),
  'beta.added': both(
    'wire',
    'an operation requires one more beta header value',
    'breaking',
    'callers without it are rejected',
  ),
  'beta.removed': both(
    'wire',
    'an operation requires one beta header value fewer',
    'compatible',
    'sending it is still accepted',
  ),
  'pagination.changed': both(
    'wire',
    'pagination style or fields change',
    'breaking',
    'paging loops read the old fields',
  ),
  // ---- wire: schemas, by direction
  'field.added-optional': dir(
    'wire',
    'an optional field is added',
    'compatible',
    'compatible',
    'requests need not send it; lenient clients ignore unknown response fields',
  ),
  'field.added-required': dir(
    'wire',
    'a required field is added',
    'breaking',
    'compatible',
    'old requests lack it; a response field that is always there breaks no reader',
  ),
  'field.removed': both(
    'wire',
    'a field is removed',
    'breaking',
    'request: the server rejects or ignores it; response: readers lose it',
  ),
  'field.renamed': both(
    'wire',
    'a field is renamed (removed + added with the same schema)',
    'breaking',
    'both sides use the old name',
  ),
  'field.required-added': dir(
    'wire',
    'a field (or request body) becomes required',
    'breaking',
    'compatible',
    'old requests omit it; a response field that is always there breaks no reader',
  ),
  'field.required-removed': dir(
    'wire',
    'a field (or request body) becomes optional',
    'compatible',
    'breaking',
    'requests may still send it; readers expect it present',
  ),
  'enum.value-added': dir(
    'wire',
    'an enum value (or constant) is added',
    'compatible',
    'compatible',
    'more accepted; lenient clients tolerate unknown enum values',
  ),
  'enum.value-removed': dir(
    'wire',
    'an enum value (or constant) is removed',
    'breaking',
    'compatible',
    'requests with it are rejected; responses just stop sending it',
  ),
  'nullable.added': dir(
    'wire',
    'a value may now be null',
    'compatible',
    'breaking',
    'a request that accepts null breaks nobody; a response that may become null breaks readers',
  ),
  'nullable.removed': dir(
    'wire',
    'a value may no longer be null',
    'breaking',
    'compatible',
    'requests sending null are rejected; readers handled null already',
  ),
  'type.changed': both(
    'wire',
    'the JSON type of a value changes',
    'breaking',
    'every side sees another type',
  ),
  'constraint.tightened': dir(
    'wire',
    'a limit tightens: min up, max down, a pattern/format/uniqueness added',
    'breaking',
    'compatible',
    'requests valid before are rejected; responses stay within what clients accept',
  ),
  'constraint.loosened': dir(
    'wire',
    'a limit loosens: min down, max up, a pattern/format removed',
    'compatible',
    'breaking',
    'requests valid before stay valid; responses may fail the validators of older clients',
  ),
  'pattern.changed': both(
    'wire',
    'a pattern or format is replaced by another',
    'breaking',
    'neither direction can be proven',
  ),
  'object.closed': dir(
    'wire',
    'an object stops accepting unknown fields',
    'breaking',
    'compatible',
    'requests with extra fields are rejected; clients tolerate either',
  ),
  'object.opened': dir(
    'wire',
    'an object starts accepting unknown fields',
    'compatible',
    'compatible',
    'more accepted; lenient clients ignore unknown fields',
  ),
  'union.member-added': dir(
    'wire',
    'a union gets a member (a new kind of block or input)',
    'compatible',
    'compatible',
    'more accepted; lenient clients accept any object in a union',
  ),
  'union.member-removed': dir(
    'wire',
    'a union loses a member',
    'breaking',
    'compatible',
    'requests with it are rejected; responses stop sending it',
  ),
  'default.changed': dir(
    'wire',
    'a documented default changes',
    'breaking',
    'internal',
    'callers that omit the value get other behaviour',
  ),
  'schema.changed': both(
    'wire',
    'any other schema change (composition, not)',
    'breaking',
    'not classifiable: review',
  ),
  'doc.changed': both(
    'wire',
    'descriptions, summaries, requirement or unspecified citations',
    'internal',
    'no effect on the wire',
  ),
  'requirement.added': both('wire', 'a requirement is added to the catalog', 'compatible', 'a new promise'),
  'requirement.removed': both(
    'wire',
    'a requirement is removed from the catalog',
    'breaking',
    'a promise withdrawn; citations of its id break',
  ),
  'requirement.changed': both(
    'wire',
    'a requirement or unspecified item is reworded or re-filed',
    'internal',
    'the id stays; review the wording',
  ),
  // ---- generated types (what breaks code compiled against the previous client)
  'type.added': both(
    'types',
    'a named type (component schema) is added',
    'compatible',
    'nothing existing changes',
  ),
  'type.removed': both('types', 'a named type is removed', 'breaking', 'imports of it fail to compile'),
  'type.renamed': both(
    'types',
    'a named type is renamed (same shape, new name)',
    'breaking',
    'imports of the old name fail to compile',
  ),
  'method.added': both('types', 'a client method is added', 'compatible', 'nothing existing changes'),
  'method.removed': both('types', 'a client method is removed', 'breaking', 'calls fail to compile'),
  'method.renamed': both(
    'types',
    'a client method is renamed (same method and path)',
    'breaking',
    'calls of the old name fail to compile',
  ),
  'method.parameter-narrowed': both(
    'types',
    'a method gets a required parameter, or an optional one becomes required, or parameters move',
    'breaking',
    'old calls fail to compile',
  ),
  'method.parameter-widened': both(
    'types',
    'a required method parameter becomes optional',
    'compatible',
    'old calls still compile',
  ),
  'property.added-optional': dir(
    'types',
    'an optional property is added to a type',
    'compatible',
    'compatible',
    'old object literals still fit',
  ),
  'property.added-required': dir(
    'types',
    'a required property is added to a type',
    'breaking',
    'compatible',
    'old object literals lack it',
  ),
  'property.removed': both(
    'types',
    'a property is removed from a type',
    'breaking',
    'excess-property errors in literals; reads fail to compile',
  ),
  'property.renamed': both('types', 'a property is renamed', 'breaking', 'both uses fail to compile'),
  'property.required-added': dir(
    'types',
    'a property becomes required',
    'breaking',
    'compatible',
    'literals without it fail; reads gain certainty',
  ),
  'property.required-removed': dir(
    'types',
    'a property becomes optional (`| undefined`)',
    'compatible',
    'breaking',
    'literals still fit; reads get `| undefined`',
  ),
  'literal.added': dir(
    'types',
    'a literal type gets a member',
    'compatible',
    'compatible',
    'wider input; a wider output union is tolerated by design (lenient clients)',
  ),
  'literal.removed': both(
    'types',
    'a literal or union member is removed',
    'breaking',
    'comparisons with it fail to compile (TS2367); literals with it fail',
  ),
  'null.added': dir(
    'types',
    '`| null` is added',
    'compatible',
    'breaking',
    'reads without a null check fail to compile',
  ),
  'null.removed': dir(
    'types',
    '`| null` is removed',
    'breaking',
    'compatible',
    'callers passing null fail to compile',
  ),
  'tstype.changed': both(
    'types',
    'a type changes kind (string to number, object to array, ...)',
    'breaking',
    'every use fails to compile',
  ),
  // ---- behaviour
  'machine.added': both('behaviour', 'a state machine is added', 'compatible', 'nothing existing changes'),
  'machine.removed': both(
    'behaviour',
    'a state machine is removed',
    'breaking',
    'the resource lost its lifecycle',
  ),
  'machine.state-added': both(
    'behaviour',
    'a non-terminal state is added',
    'compatible',
    'existing paths unchanged',
  ),
  'machine.state-removed': both(
    'behaviour',
    'a state is removed',
    'breaking',
    'clients waiting for it never see it',
  ),
  'machine.terminal-added': both(
    'behaviour',
    'a new terminal state (or a state becomes terminal)',
    'breaking',
    'pollers waiting for the known terminal states never stop',
  ),
  'machine.terminal-removed': both(
    'behaviour',
    'a state stops being terminal',
    'breaking',
    'a finished resource can change again',
  ),
  'machine.initial-changed': both(
    'behaviour',
    'the initial state changes',
    'breaking',
    'new resources start elsewhere',
  ),
  'machine.event-added': both('behaviour', 'an event is added', 'compatible', 'existing events unchanged'),
  'machine.event-removed': both(
    'behaviour',
    'an event is removed',
    'breaking',
    'the operation or happening no longer acts',
  ),
  'machine.row-added': both(
    'behaviour',
    'a transition row is added',
    'compatible',
    'a new path; existing rows unchanged',
  ),
  'machine.row-removed': both(
    'behaviour',
    'a transition row is removed',
    'breaking',
    'a (state, event) pair lost its answer',
  ),
  'machine.row-retargeted': both(
    'behaviour',
    'a row goes to another state or has another HTTP outcome',
    'breaking',
    'the same call now does something else',
  ),
  'machine.guard-tightened': both(
    'behaviour',
    'a row needs more guard facts',
    'breaking',
    'a transition that happened now needs more',
  ),
  'machine.guard-loosened': both(
    'behaviour',
    'a row needs fewer guard facts',
    'compatible',
    'the transition happens in more cases',
  ),
  'machine.effect-added': both(
    'behaviour',
    'a row gains a side effect',
    'compatible',
    'more happens, nothing is taken away',
  ),
  'machine.effect-removed': both(
    'behaviour',
    'a row loses a side effect',
    'breaking',
    'clients relied on it',
  ),
  'rule.tightened': both(
    'behaviour',
    'a rule constant or list tightens (less skew, fewer algorithms, more rejected ranges)',
    'breaking',
    'inputs accepted before are rejected',
  ),
  'rule.loosened': both(
    'behaviour',
    'a rule constant or list loosens',
    'compatible',
    'inputs accepted before stay accepted',
  ),
  'rule.order-changed': both(
    'behaviour',
    'the order of a rule table changes (credential resolution, JWT checks)',
    'breaking',
    'another source wins, another error is reported',
  ),
  'rule.data-changed': both(
    'behaviour',
    'a rule data table or constant changes otherwise',
    'breaking',
    'JWT, URL, matcher or credential behaviour changed',
  ),
  'rule.code-changed': both(
    'behaviour',
    'rule code changed while its data did not',
    'compatible',
    'behaviour changed: review (raise the bump by hand if it breaks)',
  ),
  'vendor.changed': both(
    'behaviour',
    'a vendor-derived name (header, env variable, prefix, model) or the API version changes',
    'breaking',
    'every client uses those names',
  ),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

/** The classification of a rule in a direction (undirected rules ignore it). */
export function classify(rule: RuleId, direction: Direction = 'request'): Severity {
  return RULES[rule][direction];
}

export const SEVERITY_ORDER: readonly Severity[] = ['internal', 'compatible', 'breaking'];
