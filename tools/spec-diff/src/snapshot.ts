/**
 * A snapshot is what the differ compares: the spec as plain JSON (schemas are JSON Schema,
 * machine rows are data), the data exports of every rules module (constants and tables; functions
 * dropped) and each rules module's source text with comments and layout removed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VendorSpec } from '@vendor-api/spec';
import ts from 'typescript';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Snapshot {
  /** The assembled spec as JSON: `createSpec()` with TypeBox's symbol keys dropped. */
  readonly spec: VendorSpec;
  /** Rules module name -> export name -> data (functions left out, RegExps as `{ $regexp }`). */
  readonly rules: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  /** Rules module name -> source text without comments or layout (absent when not read). */
  readonly ruleSources: Readonly<Record<string, string>>;
}

/** Rule namespaces older specs export when they have no `RULE_MODULES`. */
const RULE_NAMESPACES: Readonly<Record<string, string>> = {
  access: 'access',
  credentials: 'credentials',
  dreams: 'dreamRules',
  jwt: 'jwt',
  matchers: 'matchers',
  'message-batches': 'batchRules',
  messages: 'messageRules',
  sessions: 'sessionRules',
  urls: 'urls',
  workspaces: 'workspaceRules',
};

export function toJson(value: unknown): Json {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RegExp) return { $regexp: String(v) };
    if (typeof v === 'bigint') return String(v);
    return v;
  });
  return text === undefined ? null : (JSON.parse(text) as Json);
}

/** The data exports of a rules module. */
function ruleData(module: Readonly<Record<string, unknown>>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
    if (typeof value === 'function' || value === undefined) continue;
    out[name] = toJson(value);
  }
  return out;
}

/** Source text with comments and whitespace removed: equal when only comments or layout changed. */
export function normalizeSource(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const tokens: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    tokens.push(scanner.getTokenText());
  }
  return tokens.join(' ');
}

/**
 * A snapshot of a loaded spec module (`spec/src/index.ts` of any version). `specDir` is the
 * package folder holding `src/rules/`, read for the rules' source text.
 */
export function takeSnapshot(module: Readonly<Record<string, unknown>>, specDir?: string): Snapshot {
  const spec = module.spec;
  if (typeof spec !== 'object' || spec === null) throw new Error('the spec module exports no `spec`');
  const modules: Record<string, Readonly<Record<string, unknown>>> = {};
  const ruleModules = module.RULE_MODULES as Record<string, Record<string, unknown>> | undefined;
  if (ruleModules) Object.assign(modules, ruleModules);
  else {
    for (const [name, exportName] of Object.entries(RULE_NAMESPACES)) {
      const ns = module[exportName];
      if (typeof ns === 'object' && ns !== null) modules[name] = ns as Record<string, unknown>;
    }
  }
  const rules: Record<string, Record<string, Json>> = {};
  const ruleSources: Record<string, string> = {};
  for (const [name, ns] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    rules[name] = ruleData(ns);
    if (specDir) {
      try {
        ruleSources[name] = normalizeSource(
          readFileSync(join(specDir, 'src', 'rules', `${name}.ts`), 'utf8'),
        );
      } catch {
        // a module without its own file: data only
      }
    }
  }
  return { spec: toJson(spec) as unknown as VendorSpec, rules, ruleSources };
}

/** A deep copy of a snapshot, for fixtures that edit one thing. */
export function cloneSnapshot(s: Snapshot): Snapshot {
  return JSON.parse(JSON.stringify(s)) as Snapshot;
}
