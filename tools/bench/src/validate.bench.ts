/**
 * Validating a 10,000-item batch-create body: the generated (ajv standalone) validator as a
 * ratio to JSON.parse of the same body (target at most 0.5) and to ajv compiled at run time on the
 * same schema (target at most 1.3), beside TypeBox's compiled check.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { operation, spec } from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { measure, report } from './harness.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export function batchBody(items = 10_000): string {
  const requests = Array.from({ length: items }, (_, i) => ({
    custom_id: `request-${i}`,
    params: {
      model: spec.vendor.models.sonnet,
      max_tokens: 1024,
      messages: [
        { role: 'user', content: `Summarise item ${i} of the quarterly report in three sentences.` },
        { role: 'assistant', content: [{ type: 'text', text: 'Here is a summary.' }] },
        { role: 'user', content: 'Shorter, please.' },
      ],
    },
  }));
  return JSON.stringify({ requests });
}

export function run(): boolean {
  const endpoint = operation(spec, 'messages.batches.create');
  if (!endpoint.body) throw new Error('messages.batches.create has no body in the spec');
  const text = batchBody();
  const parsed = JSON.parse(text);
  const v = spec.vendor;
  const headers = {
    [v.headers.version]: v.apiVersion,
    ...(endpoint.betas.length ? { [v.headers.beta]: endpoint.betas.join(',') } : {}),
  };
  const check = validateRequest(endpoint.id, { headers, body: parsed });
  if (!check.ok) throw new Error(`the benchmark body is invalid: ${check.error.error.message}`);

  const references = Object.values(spec.schemas) as TSchema[];
  const compiled = TypeCompiler.Compile(endpoint.body.schema, references);
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  for (const s of references) ajv.addSchema(JSON.parse(JSON.stringify(s)));
  const runtime = ajv.compile(JSON.parse(JSON.stringify(endpoint.body.schema)));
  if (!compiled.Check(parsed) || !runtime(parsed))
    throw new Error('the body must be valid for every validator');

  const baseline = measure('JSON.parse (baseline)', () => JSON.parse(text));
  const generated = measure('generated validator (validateRequest)', () =>
    validateRequest(endpoint.id, { headers, body: parsed }),
  );
  const typebox = measure('TypeBox TypeCompiler check', () => compiled.Check(parsed));
  const ajvRuntime = measure('ajv compiled at run time', () => runtime(parsed));
  const title = `Validate a 10,000-item batch-create body (${(text.length / 1e6).toFixed(1)} MB)`;
  const toParse = report(title, baseline, [generated, typebox, ajvRuntime], {
    [generated.name]: { kind: 'max', value: 0.5 },
  });
  // The same body against ajv on the same schema: what validateRequest adds to the compiled checks
  // (headers, the cross-field rules such as unique custom_id, error mapping).
  const toAjv = report(`${title}, against ajv`, ajvRuntime, [generated], {
    [generated.name]: { kind: 'max', value: 1.3 },
  });
  return toParse && toAjv;
}
