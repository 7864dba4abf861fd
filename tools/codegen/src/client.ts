/**
 * The client's generated layer: a table of operation descriptors and one resource-class file per
 * family (the types come from the OpenAPI document: client-types.ts), calling the hand-written core
 * (`packages/client/src/core/types.ts`).
 */
import type { Endpoint, VendorSpec } from '@vendor-api/spec';
import { tsBanner } from './banner.js';
import { camel, pascal } from './json.js';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const pathParams = (e: Endpoint) => [...(e.path ?? '').matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);

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
      `pathParams: [${pathParams(e).map(q).join(', ')}]`,
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

interface Node {
  segments: string[];
  ops: Endpoint[];
  children: Map<string, Node>;
}

function tree(endpoints: readonly Endpoint[]): Node {
  const root: Node = { segments: [], ops: [], children: new Map() };
  for (const e of endpoints) {
    const parts = e.id.split('.');
    let node = root;
    for (const seg of parts.slice(0, -1)) {
      let child = node.children.get(seg);
      if (!child) {
        child = { segments: [...node.segments, seg], ops: [], children: new Map() };
        node.children.set(seg, child);
      }
      node = child;
    }
    node.ops.push(e);
  }
  return root;
}

const className = (n: Node) => pascal(n.segments.join('-'));
const fileOf = (n: Node): string => n.ops[0]?.family ?? n.segments.join('-').replace(/_/g, '-');

function method(e: Endpoint): string {
  const name = camel(e.id.split('.').at(-1)!);
  const op = `operations[${q(e.id)}]`;
  const T = `Operations[${q(e.id)}]`;
  const args: string[] = [];
  const input: string[] = [];
  for (const p of pathParams(e)) {
    args.push(`${camel(p)}: string`);
    input.push(`${p}: ${camel(p)}`);
  }
  const inputParts: string[] = [];
  if (input.length) inputParts.push(`path: { ${input.join(', ')} }`);
  if (e.url) {
    args.push(`source: string | { ${e.url.field}: string | null }`);
    inputParts.push(`url: typeof source === 'string' ? source : source.${e.url.field}`);
  }
  if (e.params.query) {
    const required = (e.params.query.required ?? []).length > 0;
    args.push(`query${required ? '' : '?'}: ${T}['parameters']['query']`);
    inputParts.push('query');
  }
  if (e.body) {
    args.push(`body: NonNullable<${T}['requestBody']>['content']['application/json']`);
    inputParts.push('body');
  }
  args.push('options?: RequestOptions');
  const status = e.success.status;
  const ct = e.success.response.contentType ?? 'application/json';
  const resultType = e.success.response.schema
    ? `${T}['responses'][${status}]['content'][${q(ct)}]`
    : 'unknown';
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
  const inputExpr = `{ ${inputParts.join(', ')} }`;
  let body: string;
  if (ct === 'application/x-ndjson') {
    body = `return this.core.jsonLines<${resultType}>(${op}, ${inputExpr}, options);`;
  } else if (
    (e.pagination.style === 'page' || e.pagination.style === 'after_id') &&
    e.success.response.schema
  ) {
    body = `return this.core.paginate<${resultType}['data'][number], ${resultType}>(${op}, ${inputExpr}, options);`;
  } else {
    body = `return this.core.request<${resultType}>(${op}, ${inputExpr}, options);`;
  }
  return [...doc.map((l) => `  ${l}`), `  ${name}(${args.join(', ')}) {`, `    ${body}`, '  }'].join('\n');
}

/** One file per family: its resource classes; container classes get their own file. */
export function resourceFiles(spec: VendorSpec): Record<string, string> {
  const root = tree(spec.endpoints);
  const files = new Map<string, { classes: string[]; imports: Map<string, Set<string>> }>();
  const visit = (n: Node) => {
    for (const child of n.children.values()) visit(child);
    if (!n.segments.length) return;
    const file = fileOf(n);
    const entry = files.get(file) ?? { classes: [] as string[], imports: new Map<string, Set<string>>() };
    files.set(file, entry);
    const props: string[] = [];
    const inits: string[] = [];
    for (const [seg, child] of n.children) {
      const childFile = fileOf(child);
      if (childFile !== file) {
        const names = entry.imports.get(childFile) ?? new Set<string>();
        names.add(className(child));
        entry.imports.set(childFile, names);
      }
      props.push(`  readonly ${camel(seg)}: ${className(child)};`);
      inits.push(`    this.${camel(seg)} = new ${className(child)}(core);`);
    }
    const body = [
      `/** \`client.${n.segments.map(camel).join('.')}\` */`,
      `export class ${className(n)} {`,
      ...props,
      `  constructor(private readonly core: Core) {`,
      ...inits,
      '  }',
      ...n.ops.map((e) => `\n${method(e)}`),
      '}',
    ];
    entry.classes.push(body.join('\n'));
  };
  visit(root);
  const out: Record<string, string> = {};
  for (const [file, { classes, imports }] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const importLines = [...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([f, names]) => `import { ${[...names].sort().join(', ')} } from './${f}.js';`);
    out[`${file}.ts`] = [
      tsBanner('spec/ (endpoint table)').trimEnd(),
      `import type { Core, RequestOptions } from '../../core/types.js';`,
      `import { operations } from '../operations.js';`,
      `import type { operations as Operations } from '../types.js';`,
      ...importLines,
      '',
      classes.join('\n\n'),
      '',
    ].join('\n');
  }
  const top = [...root.children.entries()];
  out['index.ts'] = [
    tsBanner('spec/ (endpoint table)').trimEnd(),
    `import type { Core } from '../../core/types.js';`,
    ...top.map(([, n]) => `import { ${className(n)} } from './${fileOf(n)}.js';`).sort(),
    '',
    '/** Every resource of the API, as `client.<resource>.<action>()`. */',
    'export class Resources {',
    ...top.map(([seg, n]) => `  readonly ${camel(seg)}: ${className(n)};`),
    '  constructor(core: Core) {',
    ...top.map(([seg, n]) => `    this.${camel(seg)} = new ${className(n)}(core);`),
    '  }',
    '}',
    '',
    ...[...new Set(collect(root).map((n) => `export { ${className(n)} } from './${fileOf(n)}.js';`))].sort(),
    '',
  ].join('\n');
  return out;
}

function collect(n: Node): Node[] {
  return [...(n.segments.length ? [n] : []), ...[...n.children.values()].flatMap(collect)];
}
