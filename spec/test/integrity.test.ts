/**
 * Spec-wide integrity: schemas compile, ids are unique and cited ids exist, machines are complete,
 * endpoints are well formed, and the vendor name reaches every derived name.
 */
import { describe, expect, it } from 'vitest';
import { createSpec, pathParams, RULE_MODULES, spec, tableProblems } from '../src/index.js';
import { makeAjv } from './helpers.js';

const REQUIREMENT_ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
const UNSPECIFIED_ID = /^UNSPEC(-[A-Z0-9]+)+$/;

/** Every `x-requirements` / `x-unspecified` annotation found in a JSON value. */
function annotations(value: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) annotations(item, key, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(...(Array.isArray(v) ? v : [v]));
      else annotations(v, key, out);
    }
  }
  return out;
}

const requirementIds = new Set(spec.requirements.map((r) => r.id));
const unspecifiedIds = new Set(spec.unspecified.map((u) => u.id));

describe('requirement catalog', () => {
  it('has unique, well-formed ids with a statement and section each', () => {
    expect(requirementIds.size).toBe(spec.requirements.length);
    for (const r of spec.requirements) {
      expect(r.id, r.id).toMatch(REQUIREMENT_ID);
      expect(r.statement.length, r.id).toBeGreaterThan(10);
      expect(r.section.length, r.id).toBeGreaterThan(0);
    }
  });

  it('records unspecified items with unique ids', () => {
    expect(unspecifiedIds.size).toBe(spec.unspecified.length);
    for (const u of spec.unspecified) expect(u.id).toMatch(UNSPECIFIED_ID);
  });

  it('cites only requirement ids that exist', () => {
    const cited: [string, string][] = [];
    for (const e of spec.endpoints) {
      for (const id of e.requirements) cited.push([`endpoint ${e.id}`, id]);
      for (const err of e.errors)
        for (const id of err.requirements) cited.push([`endpoint ${e.id} error`, id]);
    }
    for (const m of Object.values(spec.machines)) {
      for (const row of m.rows) for (const id of row.requirements) cited.push([`machine ${m.id}`, id]);
    }
    for (const [name, s] of Object.entries(spec.schemas)) {
      for (const id of annotations(s, 'x-requirements')) cited.push([`schema ${name}`, id]);
    }
    for (const [name, m] of Object.entries(RULE_MODULES)) {
      for (const id of m.requirementIds) cited.push([`rules ${name}`, id]);
    }
    const missing = cited.filter(([, id]) => !requirementIds.has(id));
    expect(missing).toEqual([]);
  });

  it('cites only unspecified ids that exist', () => {
    const cited: string[] = [];
    for (const e of spec.endpoints) {
      cited.push(...e.unspecified);
      if (e.success.response.unspecified) cited.push(e.success.response.unspecified);
    }
    cited.push(...annotations(spec.schemas, 'x-unspecified'));
    for (const m of Object.values(spec.machines)) {
      for (const row of m.rows) if (row.outcome.kind === 'unspecified') cited.push(row.outcome.unspecified);
    }
    for (const [, s] of Object.entries(spec.schemas)) {
      const text = JSON.stringify(s);
      for (const m of text.matchAll(/UNSPEC(?:-[A-Z0-9]+)+/g)) cited.push(m[0]);
    }
    expect(cited.filter((id) => !unspecifiedIds.has(id))).toEqual([]);
  });
});

describe('schemas', () => {
  it('every schema compiles under ajv 2020-12 in strict mode', () => {
    const ajv = makeAjv();
    for (const id of Object.keys(spec.schemas)) {
      expect(() => ajv.getSchema(id), id).not.toThrow();
      expect(ajv.getSchema(id), id).toBeTypeOf('function');
    }
  });

  it('every value set marked open (x-open) cites in its description the unspecified item naming the rest', () => {
    const open: [string, unknown][] = [];
    const visit = (where: string, node: unknown): void => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) visit(`${where}[${i}]`, n);
      } else if (node && typeof node === 'object') {
        const s = node as Record<string, unknown>;
        if (s['x-open'] !== undefined) open.push([where, s]);
        for (const [k, v] of Object.entries(s)) visit(`${where}.${k}`, v);
      }
    };
    for (const [name, s] of Object.entries(spec.schemas)) visit(name, s);
    expect(open.length).toBeGreaterThan(0);
    for (const [where, s] of open) {
      const { 'x-open': flag, description } = s as { 'x-open': unknown; description?: string };
      expect(flag, where).toBe(true);
      expect(description ?? '', where).toMatch(/UNSPEC(-[A-Z0-9]+)+/);
    }
  });

  it('every reference-server choice (x-choice) names keywords of its schema and existing unspecified items', () => {
    const unspecified = new Set(spec.unspecified.map((u) => u.id));
    const choices: [string, Record<string, unknown>][] = [];
    const visit = (where: string, node: unknown): void => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) visit(`${where}[${i}]`, n);
      } else if (node && typeof node === 'object') {
        const s = node as Record<string, unknown>;
        if (s['x-choice'] !== undefined) choices.push([where, s]);
        for (const [k, v] of Object.entries(s)) if (k !== 'x-choice') visit(`${where}.${k}`, v);
      }
    };
    for (const [name, s] of Object.entries(spec.schemas)) visit(name, s);
    expect(choices.length).toBeGreaterThan(0);
    for (const [where, s] of choices) {
      for (const [keyword, value] of Object.entries(s['x-choice'] as Record<string, unknown>)) {
        expect(keyword in s, `${where}: x-choice names ${keyword}, which the schema does not have`).toBe(
          true,
        );
        const id = typeof value === 'string' ? value : (value as { unspecified?: unknown }).unspecified;
        expect(unspecified.has(String(id)), `${where}.${keyword}: ${String(id)}`).toBe(true);
        if (typeof value !== 'string') {
          const documented = (value as { documented?: unknown }).documented as string[];
          for (const name of documented) expect(s.required as string[], `${where}: ${name}`).toContain(name);
        }
      }
    }
  });

  it('every endpoint parameter and body schema compiles', () => {
    const ajv = makeAjv();
    for (const e of spec.endpoints) {
      for (const s of [e.params.path, e.params.query, e.body?.schema, e.success.response.schema]) {
        if (s) expect(() => ajv.compile(s), e.id).not.toThrow();
      }
    }
  });
});

describe('endpoints', () => {
  it('has 27 operations with unique ids and unique method + path', () => {
    const ids = spec.endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(27);
    const routes = spec.endpoints.filter((e) => e.path).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('names path parameters exactly as the path template does', () => {
    for (const e of spec.endpoints) {
      const inPath = pathParams(e.path ?? '').sort();
      const declared = Object.keys(e.params.path?.properties ?? {}).sort();
      expect(declared, e.id).toEqual(inPath);
    }
  });

  it('requires only known beta identifiers, and a URL source where there is no path', () => {
    const known = new Set<string>(
      (spec.schemas.BetaIdentifier?.anyOf as { const: string }[] | undefined)?.map((s) => s.const) ?? [],
    );
    for (const e of spec.endpoints) {
      for (const b of e.betas) expect(known.has(b), `${e.id} beta ${b}`).toBe(true);
      if (e.path === null) expect(e.url, e.id).toBeDefined();
      expect(e.requirements.length, e.id).toBeGreaterThan(0);
    }
  });
});

describe('machines', () => {
  it('defines the four documented machines', () => {
    expect(Object.keys(spec.machines).sort()).toEqual([
      'dreams',
      'federation-rules',
      'message-batches',
      'workspaces',
    ]);
  });

  for (const machine of Object.values(spec.machines)) {
    it(`${machine.id}: every (state, event, guards) has exactly one row`, () => {
      expect(tableProblems(machine)).toEqual([]);
    });
    it(`${machine.id}: every row cites a requirement and moves only to known states`, () => {
      for (const row of machine.rows) {
        expect(row.requirements.length, JSON.stringify(row)).toBeGreaterThan(0);
        if (row.to !== 'unchanged') expect(machine.states).toContain(row.to);
        for (const f of row.effects) expect(Object.keys(machine.effects)).toContain(f);
      }
      for (const t of machine.terminal) {
        for (const row of machine.rows.filter((r) => r.from.includes(t))) {
          expect(row.to === 'unchanged' || row.to === t, `${t} is terminal`).toBe(true);
        }
      }
    });
  }
});

describe('vendor name', () => {
  it('reaches every derived name: a spec built for acme never says vendor', () => {
    // The top-level key `vendor` of VendorSpec is the field name, not a derived name.
    const json = (name?: string) => JSON.stringify(createSpec(name)).replace('{"vendor":', '{"v":');
    const acme = json('acme');
    expect(acme).not.toMatch(/vendor/i);
    expect(acme).toContain('sk-acme-oat01-');
    expect(acme).toContain('acme-opus-4-7');
    const original = json();
    expect(original).not.toMatch(/acme/i);
    expect(original).toContain('sk-vendor-oat01-');
  });

  it('derives headers, environment variables, prefixes, directories and models', () => {
    const v = createSpec('acme').vendor;
    expect(v.headers).toEqual({ version: 'acme-version', beta: 'acme-beta' });
    expect(v.env.apiKey).toBe('ACME_API_KEY');
    expect(v.env.identityTokenFile).toBe('ACME_IDENTITY_TOKEN_FILE');
    expect(v.prefixes).toEqual({ accessToken: 'sk-acme-oat01-', adminKey: 'sk-acme-admin' });
    expect(v.configDir).toEqual({ posixRelativeToHome: '.config/acme', windowsAppDataName: 'Acme' });
    expect(v.models.all).toEqual(['acme-opus-4-7', 'acme-sonnet-4-6']);
    expect(v.apiVersion).toBe('2023-06-01');
    for (const value of Object.values(v.env)) expect(value).toMatch(/^ACME_/);
  });

  it('rejects a name that cannot be a header token', () => {
    expect(() => createSpec('Acme Corp')).toThrow(/vendor name must match/);
  });
});
