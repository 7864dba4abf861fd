/**
 * Every generated artifact of the project, as a map from repository-relative path to content.
 * Pure apart from openapi-typescript's async API: same spec in, byte-identical files out.
 */
import { SCHEMA_ANNOTATIONS, type VendorSpec } from '@vendor-api/spec';
import { stringify as yamlStringify } from 'yaml';
import { bannerText, tsBanner } from './banner.js';
import { operationsTable, resourceFiles } from './client.js';
import { buildControlOpenApi } from './control-openapi.js';
import { type JsonObject, stringify, toJson } from './json.js';
import { buildOpenApi } from './openapi.js';
import { recordExamples } from './recorded-examples.js';
import { inputsDigest, seal, sealHolds } from './seal.js';

/** Folders whose every file is generated (a file there that generation does not produce is stale). */
export const GENERATED_DIRS = [
  'packages/validators/src/generated',
  'packages/client/src/generated',
  'packages/client/test/generated',
] as const;

export function requirementsDocument(spec: VendorSpec) {
  const citedBy = new Map<string, string[]>();
  const cite = (id: string, by: string) => citedBy.set(id, [...(citedBy.get(id) ?? []), by]);
  for (const e of spec.endpoints) {
    for (const id of e.requirements) cite(id, `operation ${e.id}`);
    for (const err of e.errors)
      for (const id of err.requirements) cite(id, `operation ${e.id} (${err.status})`);
  }
  for (const m of Object.values(spec.machines)) {
    for (const r of m.rows)
      for (const id of r.requirements) cite(id, `machine ${m.id}: ${r.from.join('|')} + ${r.event}`);
  }
  return {
    $comment: bannerText('spec/src/requirements'),
    api: { name: spec.vendor.name, version: spec.vendor.apiVersion },
    requirements: spec.requirements.map((r) => ({ ...r, citedBy: [...new Set(citedBy.get(r.id) ?? [])] })),
    unspecified: spec.unspecified,
  };
}

export interface GenerateOptions {
  /**
   * The current content of a generated file (undefined when there is none). Given, the sealed
   * files whose seal holds are taken as they are instead of being generated again (see seal.ts):
   * what `pnpm generate --check` does.
   */
  readonly current?: (path: string) => string | undefined;
}

const VALIDATOR_DIR = 'packages/validators/src/generated';
const VALIDATOR_STEMS = [
  'params',
  'bodies',
  'responses',
  'responses-lenient',
  'params-contract',
  'bodies-contract',
  'responses-contract',
  'table',
] as const;
const CLIENT_TYPES = 'packages/client/src/generated/types.ts';

export async function generateAll(
  spec: VendorSpec,
  options: GenerateOptions = {},
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const document = buildOpenApi(spec);
  await recordExamples(spec, document);
  files.set('packages/openapi/openapi.json', stringify(document));
  files.set(
    'packages/openapi/openapi.yaml',
    `# ${bannerText('spec/')}\n${yamlStringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`,
  );
  files.set('packages/openapi/requirements.json', stringify(requirementsDocument(spec)));
  const control = buildControlOpenApi(spec);
  files.set('packages/openapi/control.openapi.json', stringify(control));
  files.set(
    'packages/openapi/control.openapi.yaml',
    `# ${bannerText('spec/src/control/')}\n${yamlStringify(control, { lineWidth: 0, aliasDuplicateObjects: false })}`,
  );

  for (const [path, content] of await validatorFiles(spec, options)) files.set(path, content);
  files.set(CLIENT_TYPES, await clientTypesFile(document, options));
  files.set('packages/client/src/generated/operations.ts', operationsTable(spec));
  for (const [name, code] of Object.entries(resourceFiles(spec))) {
    files.set(`packages/client/src/generated/resources/${name}`, code);
  }
  files.set('packages/client/test/generated/type-agreement.ts', typeAgreement(spec));
  return files;
}

/** The validator modules and their table, sealed; ajv runs only when a seal does not hold. */
async function validatorFiles(spec: VendorSpec, options: GenerateOptions): Promise<[string, string][]> {
  const inputs = inputsDigest(
    [toJson(spec.schemas), toJson(spec.endpoints), spec.vendor, SCHEMA_ANNOTATIONS],
    'validators',
    ['ajv', 'ajv-formats'],
  );
  const paths = VALIDATOR_STEMS.map((stem) => `${VALIDATOR_DIR}/${stem}.ts`);
  const { current } = options;
  if (current) {
    const kept = paths.map((path) => [path, current(path)] as [string, string | undefined]);
    if (kept.every(([, file]) => sealHolds(file, inputs))) return kept as [string, string][];
  }
  const { buildValidators, validatorTableModule } = await import('./validators.js');
  const validators = buildValidators(spec);
  const contents: Record<(typeof VALIDATOR_STEMS)[number], string> = {
    ...validators.modules,
    table: validatorTableModule(validators.table),
  };
  return VALIDATOR_STEMS.map((stem) => [`${VALIDATOR_DIR}/${stem}.ts`, seal(contents[stem], inputs)]);
}

/** The client's types (openapi-typescript), sealed; the TypeScript compiler loads only when the seal does not hold. */
async function clientTypesFile(document: JsonObject, options: GenerateOptions): Promise<string> {
  const inputs = inputsDigest(document, 'client-types', ['openapi-typescript', 'typescript']);
  const file = options.current?.(CLIENT_TYPES);
  if (file !== undefined && sealHolds(file, inputs)) return file;
  const { clientTypes } = await import('./client-types.js');
  return seal(await clientTypes(document), inputs);
}

/**
 * Schemas whose two static types differ by construction, each with the reason; for them the test
 * checks one direction only: a value typed by the spec is accepted by the generated client type.
 */
const ONE_WAY_TYPE_AGREEMENT: Readonly<Record<string, string>> = {
  MessageBatchRequest:
    '`params` is an open object: openapi-typescript adds an index signature TypeBox does not',
  MessageBatchCreateParams: 'holds MessageBatchRequest',
};

/**
 * A type-level test: each named schema's static type in the spec and its openapi-typescript type
 * are assignable both ways (one way for the listed exceptions). Hand-written code that drifts from
 * the contract fails to compile.
 */
function typeAgreement(spec: VendorSpec): string {
  const names = Object.keys(spec.schemas);
  const line = (n: string) =>
    ONE_WAY_TYPE_AGREEMENT[n]
      ? `  Expect<Assignable<Spec.${n}, Schemas[${JSON.stringify(n)}]>>, // one way: ${ONE_WAY_TYPE_AGREEMENT[n]}`
      : `  Expect<Mutual<Schemas[${JSON.stringify(n)}], Spec.${n}>>,`;
  return `${tsBanner('spec/ (schemas) and packages/client/src/generated/types.ts')}import type * as Spec from '@vendor-api/spec';
import type { components } from '../../src/generated/types.js';

type Assignable<A, B> = [A] extends [B] ? true : false;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Schemas = components['schemas'];

export type TypeAgreement = [
${names.map(line).join('\n')}
];
`;
}
