/**
 * The client's generated layer: a table of operation descriptors and one resource-class file per
 * family (the types come from the OpenAPI document: client-types.ts), calling the hand-written core
 * (`packages/client/src/core/types.ts`).
 *
 * `clientModel(spec)` is the one description of the generated resource layer (resources, their
 * classes and files, methods and parameters); the emitter writes it out and spec-diff compares it.
 */
import { type Endpoint, pathParams, type VendorSpec } from '@vendor-api/spec';
import { tsBanner } from './banner.js';
import { camel, pascal } from './json.js';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const paramsOf = (e: Endpoint) => pathParams(e.path ?? '');

export function operationsTable(spec: VendorSpec): string {
  const rows = spec.endpoints.map((e) => {
    const responseType =
      e.success.response.contentType === 'application/x-ndjson'
        ? 'jsonl'
        : e.success.response.schema
          ? 'json'
          : 'unspecified';
    const fields = [
      `id: ${q(e.id)}`,
      `method: ${q(e.method)}`,
      `path: ${e.path === null ? 'null' : q(e.path)}`,
      ...(e.url ? [`url: { operation: ${q(e.url.operation)}, field: ${q(e.url.field)} }`] : []),
      `pathParams: [${paramsOf(e).map(q).join(', ')}]`,
      `betas: [${e.betas.map(q).join(', ')}]`,
      `auth: [${e.auth.map(q).join(', ')}]`,
      `scope: ${e.scope === null ? 'null' : q(e.scope)}`,
      `pagination: ${JSON.stringify(e.pagination).replace(/"/g, "'")}`,
      `successStatus: ${e.success.status}`,
      `responseType: ${q(responseType)}`,
    ];
    return `  ${q(e.id)}: { ${fields.join(', ')} },`;
  });
  return `${tsBanner('spec/ (endpoint table)')}import type { OperationDescriptor } from '../core/types.js';

/** Every operation of the API, by operation id. */
export const operations = {
${rows.join('\n')}
} as const satisfies Record<string, OperationDescriptor>;

export type OperationId = keyof typeof operations;
`;
}

// ---------------------------------------------------------------------------------------------
// the model of the generated resource layer

/** One parameter of a generated method, as written in its signature. */
export interface ClientParam {
  readonly name: string;
  readonly optional: boolean;
  /** The TypeScript type as emitted (it names the operation: `Operations['dreams.list']...`). */
  readonly type: string;
}

/** One generated method: `client.dreams.cancel(dreamId, options?)`. */
export interface ClientMethod {
  /** `cancel` */
  readonly name: string;
  /** `client.dreams.cancel` */
  readonly path: string;
  readonly endpoint: Endpoint;
  readonly params: readonly ClientParam[];
  /** How the core is called: one response, every page, or JSON lines. */
  readonly call: 'request' | 'paginate' | 'jsonLines';
  /** The result type as emitted (`unknown` where the documents show no body). */
  readonly resultType: string;
  /** The request input passed to the core, as emitted (`{ path: { dream_id: dreamId } }`). */
  readonly input: string;
}

/** One generated resource class: `client.messages.batches` is `MessagesBatches`. */
export interface ClientResource {
  /** Property names from the client down: `['messages', 'batches']` (empty for the root). */
  readonly segments: readonly string[];
  /** `client.messages.batches` */
  readonly path: string;
  readonly className: string;
  /** The file stem under `generated/resources/`: the family of its operations. */
  readonly file: string;
  readonly children: readonly ClientResource[];
  readonly methods: readonly ClientMethod[];
}

/** A property kept under its former name, deprecated, for one release after a rename. */
export interface ClientAlias {
  /** The former property name (`oauth`). */
  readonly name: string;
  readonly of: ClientResource;
}

export interface ClientModel {
  /** The `Resources` class the client extends (no methods of its own). */
  readonly root: ClientResource;
  /** Every resource class below the root, depth first. */
  readonly resources: readonly ClientResource[];
  /** Every method, by path (`client.dreams.cancel`). */
  readonly methods: ReadonlyMap<string, ClientMethod>;
  /** Former top-level property names still answered (deprecated). */
  readonly aliases: readonly ClientAlias[];
}

/**
 * Top-level properties renamed to their family's name, kept as deprecated aliases for one
 * release: `client.oauth` became `client.federation` (the token exchange's family). Delete an
 * entry in the release after the rename.
 */
const DEPRECATED_TOP_LEVEL: Readonly<Record<string, string>> = { oauth: 'federation' };

/**
 * The property names of an operation from the client down: its id's segments, except that a
 * top-level resource whose operations all belong to one family takes that family's name
 * (`oauth.token` of the family `federation` is `client.federation.token`).
 */
function segmentsOf(spec: VendorSpec): (e: Endpoint) => string[] {
  const families = new Map<string, Set<string>>();
  for (const e of spec.endpoints) {
    const top = e.id.split('.')[0]!;
    families.set(top, (families.get(top) ?? new Set()).add(e.family));
  }
  return (e) => {
    const [top, ...rest] = e.id.split('.');
    const only = families.get(top!)!;
    const name = only.size === 1 ? [...only][0]!.replace(/-/g, '_') : top!;
    return [name, ...rest.slice(0, -1)].map(camel);
  };
}

interface Draft {
  segments: string[];
  ops: Endpoint[];
  children: Map<string, Draft>;
}

function method(e: Endpoint, base: string): ClientMethod {
  const name = camel(e.id.split('.').at(-1)!);
  const T = `Operations[${q(e.id)}]`;
  const params: ClientParam[] = [];
  const input: string[] = [];
  for (const p of paramsOf(e)) {
    params.push({ name: camel(p), optional: false, type: 'string' });
    input.push(`${p}: ${camel(p)}`);
  }
  const inputParts: string[] = [];
  if (input.length) inputParts.push(`path: { ${input.join(', ')} }`);
  if (e.url) {
    params.push({ name: 'source', optional: false, type: `string | { ${e.url.field}: string | null }` });
    inputParts.push(`url: typeof source === 'string' ? source : source.${e.url.field}`);
  }
  if (e.params.query) {
    const required = (e.params.query.required ?? []).length > 0;
    params.push({ name: 'query', optional: !required, type: `${T}['parameters']['query']` });
    inputParts.push('query');
  }
  if (e.body) {
    params.push({
      name: 'body',
      optional: false,
      type: `NonNullable<${T}['requestBody']>['content']['application/json']`,
    });
    inputParts.push('body');
  }
  params.push({ name: 'options', optional: true, type: 'RequestOptions' });
  const ct = e.success.response.contentType ?? 'application/json';
  const resultType = e.success.response.schema
    ? `${T}['responses'][${e.success.status}]['content'][${q(ct)}]`
    : 'unknown';
  const call =
    ct === 'application/x-ndjson'
      ? 'jsonLines'
      : (e.pagination.style === 'page' || e.pagination.style === 'after_id') && e.success.response.schema
        ? 'paginate'
        : 'request';
  return {
    name,
    path: `${base}.${name}`,
    endpoint: e,
    params,
    call,
    resultType,
    input: `{ ${inputParts.join(', ')} }`,
  };
}

/** The generated resource layer of a spec: what `resourceFiles` writes and spec-diff compares. */
export function clientModel(spec: VendorSpec): ClientModel {
  const segmentsFor = segmentsOf(spec);
  const root: Draft = { segments: [], ops: [], children: new Map() };
  for (const e of spec.endpoints) {
    let node = root;
    for (const seg of segmentsFor(e)) {
      let child = node.children.get(seg);
      if (!child) {
        child = { segments: [...node.segments, seg], ops: [], children: new Map() };
        node.children.set(seg, child);
      }
      node = child;
    }
    node.ops.push(e);
  }
  const resources: ClientResource[] = [];
  const methods = new Map<string, ClientMethod>();
  const build = (d: Draft): ClientResource => {
    const path = ['client', ...d.segments].join('.');
    const children = [...d.children.values()].map(build);
    const own = d.ops.map((e) => method(e, path));
    for (const m of own) methods.set(m.path, m);
    const resource: ClientResource = {
      segments: d.segments,
      path,
      className: pascal(d.segments.join('-')),
      file: d.ops[0]?.family ?? d.segments.join('-').replace(/_/g, '-'),
      children,
      methods: own,
    };
    if (d.segments.length) resources.push(resource);
    return resource;
  };
  const top = build(root);
  const aliases = Object.entries(DEPRECATED_TOP_LEVEL).map(([name, to]) => {
    const of = top.children.find((c) => c.segments[0] === to);
    if (!of) throw new Error(`deprecated client alias ${name}: no resource client.${to}`);
    if (top.children.some((c) => c.segments[0] === name))
      throw new Error(`deprecated client alias ${name}: client.${name} is a resource again`);
    return { name, of };
  });
  return { root: top, resources, methods, aliases };
}

// ---------------------------------------------------------------------------------------------
// the emitter

function methodText(m: ClientMethod): string {
  const e = m.endpoint;
  const doc = [
    `/**`,
    ` * ${e.summary}`,
    ` *`,
    ` * \`${e.method} ${e.path ?? `{${e.url?.field}}`}\`${e.betas.length ? ` — beta: ${e.betas.join(', ')}` : ''}`,
    ...(e.success.response.schema
      ? []
      : [' * The response body is not shown by the documents: returned as `unknown`.']),
    ` * Requirements: ${e.requirements.join(', ')}`,
    ` */`,
  ];
  const op = `operations[${q(e.id)}]`;
  const typeArgs = m.call === 'paginate' ? `${m.resultType}['data'][number], ${m.resultType}` : m.resultType;
  const args = m.params.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
  return [
    ...doc.map((l) => `  ${l}`),
    `  ${m.name}(${args}) {`,
    `    return this.core.${m.call}<${typeArgs}>(${op}, ${m.input}, options);`,
    '  }',
  ].join('\n');
}

const property = (r: ClientResource) => camel(r.segments.at(-1)!);

/** One file per family: its resource classes; container classes get their own file. */
export function resourceFiles(spec: VendorSpec): Record<string, string> {
  const model = clientModel(spec);
  const files = new Map<string, { classes: string[]; imports: Map<string, Set<string>>; methods: boolean }>();
  for (const r of model.resources) {
    const entry = files.get(r.file) ?? {
      classes: [],
      imports: new Map<string, Set<string>>(),
      methods: false,
    };
    entry.methods ||= r.methods.length > 0;
    files.set(r.file, entry);
    for (const child of r.children) {
      if (child.file === r.file) continue;
      const names = entry.imports.get(child.file) ?? new Set<string>();
      names.add(child.className);
      entry.imports.set(child.file, names);
    }
    const body = [
      `/** \`${r.path}\` */`,
      `export class ${r.className} {`,
      ...r.children.map((c) => `  readonly ${property(c)}: ${c.className};`),
      // a container class (`client.organizations`) only hands the core to its children
      `  constructor(${r.methods.length ? 'private readonly ' : ''}core: Core) {`,
      ...r.children.map((c) => `    this.${property(c)} = new ${c.className}(core);`),
      '  }',
      ...r.methods.map((m) => `\n${methodText(m)}`),
      '}',
    ];
    const aliases = model.aliases.filter((a) => a.of === r);
    for (const a of aliases) {
      const old = pascal(a.name);
      body.push(
        '',
        `/** @deprecated Renamed \`${r.className}\` (\`${r.path}\`); this name is removed in the next release. */`,
        `export const ${old} = ${r.className};`,
        `/** @deprecated Renamed \`${r.className}\` (\`${r.path}\`); this name is removed in the next release. */`,
        `export type ${old} = ${r.className};`,
      );
    }
    entry.classes.push(body.join('\n'));
  }
  const out: Record<string, string> = {};
  for (const [file, { classes, imports, methods }] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const importLines = [...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([f, names]) => `import { ${[...names].sort().join(', ')} } from './${f}.js';`);
    out[`${file}.ts`] = [
      tsBanner('spec/ (endpoint table)').trimEnd(),
      ...(methods
        ? [
            `import type { Core, RequestOptions } from '../../core/types.js';`,
            `import { operations } from '../operations.js';`,
            `import type { operations as Operations } from '../types.js';`,
          ]
        : [`import type { Core } from '../../core/types.js';`]),
      ...importLines,
      '',
      classes.join('\n\n'),
      '',
    ].join('\n');
  }
  const top = model.root.children;
  const aliasLines = model.aliases.flatMap((a) => [
    `  /** @deprecated Renamed \`${a.of.path}\` (the family's name); \`client.${a.name}\` is removed in the next release. */`,
    `  get ${a.name}(): ${a.of.className} {`,
    `    return this.${property(a.of)};`,
    '  }',
  ]);
  const exported = model.resources.flatMap((r) => [
    `export { ${r.className} } from './${r.file}.js';`,
    ...model.aliases
      .filter((a) => a.of === r)
      .map((a) => `export { ${pascal(a.name)} } from './${r.file}.js';`),
  ]);
  out['index.ts'] = [
    tsBanner('spec/ (endpoint table)').trimEnd(),
    `import type { Core } from '../../core/types.js';`,
    ...top.map((n) => `import { ${n.className} } from './${n.file}.js';`).sort(),
    '',
    '/** Every resource of the API, as `client.<resource>.<action>()`. */',
    'export class Resources {',
    ...top.map((n) => `  readonly ${property(n)}: ${n.className};`),
    '  constructor(core: Core) {',
    ...top.map((n) => `    this.${property(n)} = new ${n.className}(core);`),
    '  }',
    ...aliasLines,
    '}',
    '',
    ...[...new Set(exported)].sort(),
    '',
  ].join('\n');
  return out;
}
