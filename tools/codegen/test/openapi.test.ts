/**
 * The OpenAPI document: valid under two independent validators, complete, no dangling refs,
 * discriminated unions, security and beta headers per operation, links from the state machines.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { access, errors, FAMILIES, spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../src/openapi.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = buildOpenApi(spec) as Record<string, any>;
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([k]) => ['get', 'post', 'delete', 'put', 'patch'].includes(k))
    .map(([method, op]) => ({ path, method, op })),
);

/** Runs a linter of tools/codegen; its report is on stdout whether it finds problems or not. */
function lint(bin: 'redocly' | 'spectral', args: string[]): Promise<{ stdout: string }> {
  return promisify(execFile)(join(root, 'tools/codegen/node_modules/.bin', bin), args, {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
}

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else if (k !== 'x-state-machines') refs(v, out);
    }
  }
  return out;
}

describe('openapi document', () => {
  it('is valid OpenAPI 3.1 under @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes Redocly CLI lint (recommended rules) with zero errors and zero warnings', async () => {
    const { stdout } = await lint('redocly', ['lint', 'packages/openapi/openapi.json', '--format', 'json']);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: Record<string, number>;
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('passes Spectral lint (spectral:oas, .spectral.yaml) with zero errors and zero warnings', async () => {
    // Exits 0 when nothing is found, 1 with problems; the JSON report is printed either way.
    const args = ['lint', 'packages/openapi/openapi.json', '--format', 'json', '--quiet'];
    const { stdout } = await lint('spectral', args);
    const problems = JSON.parse(stdout) as { code: string; path: string[] }[];
    expect(problems.map((p) => `${p.code} at ${p.path.join('.')}`)).toEqual([]);
  }, 60_000);

  it('turns off no lint rule without its reason in the config', () => {
    for (const [file, off] of [
      ['redocly.yaml', /^\s+([a-z0-9-]+): off$/gm],
      ['.spectral.yaml', /^\s+([a-z0-9-]+): off$/gm],
    ] as const) {
      const text = readFileSync(join(root, file), 'utf8');
      const lines = text.split('\n');
      const rules = [...text.matchAll(off)].map((m) => m[1]!);
      expect(rules.length, file).toBeGreaterThan(0);
      for (const rule of rules) {
        const at = lines.findIndex((l) => l.trim() === `${rule}: off`);
        expect(lines[at - 1]?.trim().startsWith('#'), `${file}: ${rule} is off without a comment above`).toBe(
          true,
        );
      }
    }
  });

  it('has every operation of the spec once, with a unique operationId', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(spec.endpoints.map((e) => e.id).sort());
  });

  it('has no dangling $ref', () => {
    const schemas = doc.components.schemas as Record<string, unknown>;
    const params = doc.components.parameters as Record<string, unknown>;
    for (const ref of refs(doc)) {
      const [, kind, name] = ref.match(/^#\/components\/(schemas|parameters)\/(.+)$/) ?? [];
      expect(kind, ref).toBeDefined();
      expect((kind === 'schemas' ? schemas : params)[name!], ref).toBeDefined();
    }
  });

  it('keeps no $id and no bare (non-component) $ref from TypeBox', () => {
    expect(JSON.stringify(doc.paths)).not.toMatch(/"\$id"/);
    expect(JSON.stringify(doc.components)).not.toMatch(/"\$id"/);
    for (const ref of refs(doc)) expect(ref.startsWith('#/components/')).toBe(true);
  });

  it('turns every union told apart by `type` into oneOf + discriminator with a mapping', () => {
    const text = JSON.stringify(doc.components.schemas);
    for (const m of text.matchAll(/"discriminator":\{"propertyName":"type","mapping":\{([^}]*)\}/g)) {
      expect(m[1]!.length).toBeGreaterThan(0);
    }
    for (const [name, schema] of Object.entries(spec.schemas)) {
      const anyOf = (
        schema as { anyOf?: { required?: string[]; properties?: { type?: { const?: unknown } } }[] }
      ).anyOf;
      const tags = anyOf?.map((m) => (m.required?.includes('type') ? m.properties?.type?.const : undefined));
      if (
        anyOf &&
        anyOf.length > 1 &&
        tags!.every((t) => typeof t === 'string') &&
        new Set(tags).size === anyOf.length
      ) {
        expect(doc.components.schemas[name].discriminator?.propertyName, name).toBe('type');
      }
    }
  });

  it('gives each operation its credentials, scope, version header and required betas', () => {
    for (const e of spec.endpoints) {
      const o = operations.find((x) => x.op.operationId === e.id)!.op;
      // Alternatives: one requirement per credential kind, each naming one scheme. Scopes are
      // `x-oauth-scope` (the bearer scheme is `http`, which takes none).
      const security = o.security as Record<string, string[]>[];
      expect(
        security.map((s) => Object.values(s)),
        e.id,
      ).toEqual(e.auth.map(() => [[]]));
      const headerOf = (name: string) => {
        const scheme = doc.components.securitySchemes[name];
        return scheme.type === 'http' && scheme.scheme === 'bearer'
          ? access.AUTHORIZATION_HEADER
          : scheme.name;
      };
      expect(
        security.map((s) => headerOf(Object.keys(s)[0]!)),
        e.id,
      ).toEqual(e.auth.map((kind) => access.CREDENTIAL_HEADERS[kind].header));
      expect(o['x-oauth-scope'], e.id).toBe(e.scope ?? undefined);
      const params = JSON.stringify(o.parameters);
      expect(params, e.id).toContain('#/components/parameters/VersionHeader');
      if (e.betas.length) expect(o['x-required-betas'], e.id).toEqual(e.betas);
      expect(o['x-requirements'], e.id).toEqual(e.requirements);
    }
  });

  it('marks what the documents do not show with x-unspecified and a permissive schema', () => {
    for (const e of spec.endpoints.filter((x) => !x.success.response.schema)) {
      const o = operations.find((x) => x.op.operationId === e.id)!.op;
      const success = o.responses[String(e.success.status)];
      expect(success['x-unspecified'], e.id).toBe(e.success.response.unspecified);
      const media = Object.values(success.content as Record<string, { schema: Record<string, unknown> }>)[0]!;
      expect(
        Object.keys(media.schema).filter((k) => k !== 'description'),
        e.id,
      ).toEqual([]);
    }
  });

  it('derives links from the state machines: create leads to retrieve and to every operation event', () => {
    for (const machine of Object.values(spec.machines)) {
      const opEvents = Object.values(machine.events).flatMap((ev) => (ev.operation ? [ev.operation] : []));
      const creators = spec.endpoints.filter(
        (e) =>
          e.method === 'POST' &&
          !e.path?.includes('{') &&
          (e.success.response.schema as { $ref?: string })?.$ref === machine.resource,
      );
      for (const creator of creators) {
        const o = operations.find((x) => x.op.operationId === creator.id)!.op;
        const links = Object.values(o.responses[String(creator.success.status)].links ?? {}) as {
          operationId: string;
        }[];
        for (const target of opEvents.filter((t) => t !== creator.id)) {
          expect(
            links.map((l) => l.operationId),
            `${creator.id} -> ${target}`,
          ).toContain(target);
        }
      }
    }
  });

  it('never pretends the batch results location is a fixed path', () => {
    for (const e of spec.endpoints.filter((x) => x.url)) {
      const o = operations.find((x) => x.op.operationId === e.id)!;
      expect(o.path).toBe('/');
      expect(o.op.servers[0].url).toBe(`{${e.url!.field}}`);
      expect(o.op['x-url-from']).toEqual(e.url);
    }
  });
  it('titles each operation with the short title and describes it from the spec', () => {
    for (const e of spec.endpoints) {
      const o = operations.find((x) => x.op.operationId === e.id)!.op;
      expect(o.summary, e.id).toBe(e.title);
      expect(o.description.startsWith(`${e.summary}\n\n`), e.id).toBe(true);
      // The credential line names every accepted header; the beta line every required beta.
      for (const kind of e.auth)
        expect(o.description, e.id).toContain(access.CREDENTIAL_HEADERS[kind].header);
      for (const beta of e.betas) expect(o.description, e.id).toContain(beta);
      if (e.scope) expect(o.description, e.id).toContain(e.scope);
    }
  });

  it('lists documented statuses and `default`, never a status range generators cannot compile', () => {
    const scopeOutside = Object.values(errors.ERRORS).find((x) => 'everyOperation' in x && x.everyOperation)!;
    for (const e of spec.endpoints) {
      const o = operations.find((x) => x.op.operationId === e.id)!.op;
      const keys = Object.keys(o.responses);
      expect(
        keys.filter((k) => !/^[1-5][0-9][0-9]$/.test(k) && k !== 'default'),
        e.id,
      ).toEqual([]);
      expect(keys, e.id).toContain('default');
      for (const err of e.errors) expect(keys, e.id).toContain(String(err.status));
      // Every operation that takes a credential documents the 403 of an access token outside its scope.
      if (e.auth.length) expect(keys, e.id).toContain(String(scopeOutside.status));
    }
  });

  it("tags each family with its title and the documents' description of it, and names a contact", () => {
    expect(doc.tags).toEqual(
      [...new Set(spec.endpoints.map((e) => e.family))].map((f) => ({
        name: f,
        'x-displayName': FAMILIES[f].title,
        description: FAMILIES[f].description,
      })),
    );
    const published = JSON.parse(readFileSync(join(root, 'packages/openapi/package.json'), 'utf8'));
    expect(doc.info.contact.url).toBe(published.bugs.url);
    expect(doc.info.contact.email).toBeUndefined();
  });
});
