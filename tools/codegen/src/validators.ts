/**
 * Precompiled validators (ajv standalone code) for every request part and response of every
 * operation, in three forms:
 * - strict (what the reference server uses): `params` (path, query and header parameters,
 *   coercing strings as they arrive on the wire, `"20"` to 20 and a single `workspace_ids[]`
 *   value to an array, and filling documented defaults), `bodies` (request bodies, defaults
 *   filled) and `responses` (every response and every named schema, exactly as the spec says);
 * - lenient (what clients use): `responses-lenient`, tolerating unknown properties and enum values;
 * - contract (what the conformance suite judges with): `params-contract` (coercing like `params`,
 *   no defaults), `bodies-contract` (no defaults) and `responses-contract`, each exactly what the
 *   documents require and open wherever they are silent (see contract.ts).
 */
import type { TObject } from '@sinclair/typebox';
import { type Endpoint, SCHEMA_ANNOTATIONS, type VendorSpec } from '@vendor-api/spec';
import type { AnySchema } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';
import { tsBanner } from './banner.js';
import { contract } from './contract.js';
import { discriminate } from './discriminate.js';
import { inlineRefs } from './inline.js';
import { type Json, type JsonObject, toJson } from './json.js';
import { lenient } from './lenient.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

export type Part = 'path' | 'query' | 'headers' | 'body';

/** Identifier-safe export name of a validator. */
export const validatorName = (operationId: string, what: string) =>
  `${operationId.replace(/[^A-Za-z0-9]+/g, '_')}__${what.replace(/[^A-Za-z0-9]+/g, '_')}`;

function makeAjv(options: { coerce: boolean; defaults: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: false,
    allowUnionTypes: true,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.defaults,
    code: { source: true, esm: true, lines: false, optimize: true },
  });
  addFormats(ajv);
  for (const [keyword, types] of Object.entries(SCHEMA_ANNOTATIONS))
    ajv.addKeyword({ keyword, schemaType: [...types] });
  return ajv;
}

/** Header schema of an operation: the version header (exact value) and, when required, the beta header. */
export function headerSchema(spec: VendorSpec, e: Endpoint): JsonObject {
  const v = spec.vendor;
  const required = [v.headers.version, ...(e.betas.length ? [v.headers.beta] : [])];
  return {
    type: 'object',
    required,
    properties: {
      [v.headers.version]: { const: v.apiVersion },
      [v.headers.beta]: { type: 'string', minLength: 1 },
    },
  };
}

/** Export name of the validator of a named schema. */
const schemaValidatorName = (id: string) => `schema__${id}`;

export interface OperationValidators {
  readonly request: Partial<Record<Part, string>>;
  /** Validator export name by response status (`200`, `default` for the error body). */
  readonly responses: Record<string, string>;
}

/** Generated module sources by file stem, plus the table naming each operation's validators. */
export interface ValidatorModules {
  readonly modules: {
    /** Path, query and header parameters: coercing, defaults filled. */
    readonly params: string;
    /** Request bodies: strict, defaults filled. */
    readonly bodies: string;
    /** Responses, strict. */
    readonly responses: string;
    /** Responses, lenient. */
    readonly 'responses-lenient': string;
    /** Path, query and header parameters, contract form: coercing like `params`, no defaults. */
    readonly 'params-contract': string;
    /** Request bodies, contract form: no defaults. */
    readonly 'bodies-contract': string;
    /** Responses, contract form. */
    readonly 'responses-contract': string;
  };
  readonly table: Record<string, OperationValidators>;
}

const compileModule = (ajv: Ajv2020, refs: Record<string, string>, what: string) => {
  const code = standaloneCode(ajv, refs);
  return (
    `${tsBanner(`spec/ (${what})`)}// @ts-nocheck\n` +
    `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n` +
    code.replace(/^"use strict";/, '')
  );
};

// Operation validators are registered under their export names, beside the spec's own $ids.
type Module = keyof ValidatorModules['modules'];
type Group = 'params' | 'bodies' | 'responses';

type Form = 'strict' | 'lenient' | 'contract';

/**
 * Each module: what it validates, the form of its schemas and its banner's words. Parameters
 * arrive as strings and are coerced in every form; only the strict request forms fill defaults.
 */
const MODULES: Record<Module, { readonly group: Group; readonly form: Form; readonly what: string }> = {
  params: { group: 'params', form: 'strict', what: 'endpoint parameters and headers' },
  bodies: { group: 'bodies', form: 'strict', what: 'request bodies' },
  responses: { group: 'responses', form: 'strict', what: 'responses, strict' },
  'responses-lenient': { group: 'responses', form: 'lenient', what: 'responses, lenient' },
  'params-contract': { group: 'params', form: 'contract', what: 'endpoint parameters and headers, contract' },
  'bodies-contract': { group: 'bodies', form: 'contract', what: 'request bodies, contract' },
  'responses-contract': { group: 'responses', form: 'contract', what: 'responses, contract' },
};

export function buildValidators(spec: VendorSpec): ValidatorModules {
  const named = Object.fromEntries(Object.entries(spec.schemas).map(([id, s]) => [id, toJson(s)]));
  const forms: Record<Form, (schema: Json) => Json> = {
    strict: (schema) => schema,
    lenient,
    contract: (schema) => contract(schema, named),
  };
  const modules = Object.entries(MODULES).map(([name, m]) => ({
    name: name as Module,
    group: m.group,
    what: m.what,
    ajv: makeAjv({ coerce: m.group === 'params', defaults: m.form === 'strict' && m.group !== 'responses' }),
    form: forms[m.form],
  }));
  // The named schemas in the form of each module.
  const namedForms = new Map(
    modules.map((m) => [m.name, Object.fromEntries(Object.entries(named).map(([id, s]) => [id, m.form(s)]))]),
  );
  const formsOf = (m: (typeof modules)[number]) => namedForms.get(m.name) as Record<string, Json>;
  // Discriminated unions are checked by their tag, so errors name the kind a value is (discriminate.ts).
  for (const m of modules) {
    for (const s of Object.values(formsOf(m))) m.ajv.addSchema(discriminate(s, formsOf(m)) as AnySchema);
  }
  const refs: Record<Group, Record<string, string>> = { params: {}, bodies: {}, responses: {} };
  const add = (group: Group, name: string, schema: unknown) => {
    for (const m of modules) {
      if (m.group !== group) continue;
      const formed = m.form(toJson(schema));
      // Request bodies are checked on every request, some with many items: their named schemas
      // are inlined (see inline.ts), in the form of their module.
      const json = discriminate(group === 'bodies' ? inlineRefs(formed, formsOf(m)) : formed, formsOf(m));
      m.ajv.addSchema({ ...(json as JsonObject), $id: name });
    }
    refs[group][name] = name;
  };

  const table: Record<string, OperationValidators> = {};
  // Every named schema of the spec, in every response form, as `schema__<$id>`.
  for (const id of Object.keys(spec.schemas)) refs.responses[schemaValidatorName(id)] = id;
  for (const e of spec.endpoints) {
    const request: Partial<Record<Part, string>> = {};
    for (const part of ['path', 'query'] as const) {
      const obj: TObject | undefined = e.params[part];
      if (!obj) continue;
      request[part] = validatorName(e.id, part);
      add('params', request[part], obj);
    }
    request.headers = validatorName(e.id, 'headers');
    add('params', request.headers, headerSchema(spec, e));
    if (e.body) {
      request.body = validatorName(e.id, 'body');
      add('bodies', request.body, e.body.schema);
    }
    const responses: Record<string, string> = { default: schemaValidatorName('ErrorBody') };
    if (e.success.response.schema) {
      const name = validatorName(e.id, String(e.success.status));
      add('responses', name, e.success.response.schema);
      responses[String(e.success.status)] = name;
    }
    table[e.id] = { request, responses };
  }
  return {
    modules: Object.fromEntries(
      modules.map((m) => [m.name, compileModule(m.ajv, refs[m.group], m.what)]),
    ) as ValidatorModules['modules'],
    table,
  };
}

/** The module of the table naming each operation's validators. */
export function validatorTableModule(table: ValidatorModules['table']): string {
  return `${tsBanner('spec/ (endpoint table)')}
/** Validator export names of each operation: request parts, and responses by status (\`default\`: the error body). */
export const validatorTable = ${JSON.stringify(table, null, 2)} as const;

export type ValidatedOperationId = keyof typeof validatorTable;
`;
}
