/**
 * Precompiled validators (ajv standalone code) for every request part and response of every
 * operation, in three modules:
 * - `request`: path, query and header parameters, coercing strings as they arrive on the wire
 *   (`"20"` to 20, a single `workspace_ids[]` value to an array) and filling documented defaults;
 *   request bodies, strict, with defaults filled;
 * - `strict`: every response, exactly as documented (what the server and the suite use);
 * - `lenient`: every response, tolerating unknown properties and enum values (what clients use).
 */
import type { TObject } from '@sinclair/typebox';
import { type Endpoint, SCHEMA_ANNOTATIONS, type VendorSpec } from '@vendor-api/spec';
import type { AnySchema } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';
import { tsBanner } from './banner.js';
import { type JsonObject, toJson } from './json.js';
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
export const schemaValidatorName = (id: string) => `schema__${id}`;

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
const URN = '';

export function buildValidators(spec: VendorSpec): ValidatorModules {
  const params = makeAjv({ coerce: true, defaults: true });
  const bodies = makeAjv({ coerce: false, defaults: true });
  const strict = makeAjv({ coerce: false, defaults: false });
  const loose = makeAjv({ coerce: false, defaults: false });
  for (const s of Object.values(spec.schemas)) {
    for (const ajv of [params, bodies, strict]) ajv.addSchema(toJson(s) as AnySchema);
    loose.addSchema(lenient(toJson(s)) as AnySchema);
  }
  const refs = { params: {}, bodies: {}, responses: {} } as Record<
    'params' | 'bodies' | 'responses',
    Record<string, string>
  >;
  const add = (ajvs: Ajv2020[], group: keyof typeof refs, name: string, schema: unknown) => {
    for (const ajv of ajvs) {
      const json = toJson(schema) as JsonObject;
      ajv.addSchema({ ...(ajv === loose ? (lenient(json) as JsonObject) : json), $id: URN + name });
    }
    refs[group][name] = URN + name;
  };

  const table: Record<string, OperationValidators> = {};
  // Every named schema of the spec, strict and lenient, as `schema__<$id>`.
  for (const id of Object.keys(spec.schemas)) refs.responses[schemaValidatorName(id)] = id;
  for (const e of spec.endpoints) {
    const request: Partial<Record<Part, string>> = {};
    for (const part of ['path', 'query'] as const) {
      const obj: TObject | undefined = e.params[part];
      if (!obj) continue;
      request[part] = validatorName(e.id, part);
      add([params], 'params', request[part], obj);
    }
    request.headers = validatorName(e.id, 'headers');
    add([params], 'params', request.headers, headerSchema(spec, e));
    if (e.body) {
      request.body = validatorName(e.id, 'body');
      add([bodies], 'bodies', request.body, e.body.schema);
    }
    const responses: Record<string, string> = { default: schemaValidatorName('ErrorBody') };
    if (e.success.response.schema) {
      const name = validatorName(e.id, String(e.success.status));
      add([strict, loose], 'responses', name, e.success.response.schema);
      responses[String(e.success.status)] = name;
    }
    table[e.id] = { request, responses };
  }
  return {
    modules: {
      params: compileModule(params, refs.params, 'endpoint parameters and headers'),
      bodies: compileModule(bodies, refs.bodies, 'request bodies'),
      responses: compileModule(strict, refs.responses, 'responses, strict'),
      'responses-lenient': compileModule(loose, refs.responses, 'responses, lenient'),
    },
    table,
  };
}
