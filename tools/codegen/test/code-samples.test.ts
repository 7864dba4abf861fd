/**
 * The code samples of the document: one curl command and one client call per operation, headers
 * from the spec, the values a reader supplies as environment variables (ids of earlier resources,
 * the exchange's federation settings), and text a shell and TypeScript parse. That they run is
 * checked against the reference server in tools/docs/test/code-samples.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { access, createSpec, spec, vendor } from '@vendor-api/spec';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLIENT_PACKAGE, codeSamples, SAMPLE_LABELS, sampleEnvironment } from '../src/code-samples.js';
import { buildOpenApi } from '../src/openapi.js';

const doc = buildOpenApi(spec) as Record<string, any>;
const samples = new Map(codeSamples(spec, doc).map((s) => [s.operation, s]));
const env = sampleEnvironment(vendor);
const sample = (id: string) => {
  const s = samples.get(id);
  if (!s) throw new Error(`no samples for ${id}`);
  return s;
};

describe('code samples', () => {
  it('every operation of the document carries a curl command and a client call as x-codeSamples', () => {
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) =>
      Object.values(item).filter((op) => op?.operationId),
    );
    expect(ops).toHaveLength(spec.endpoints.length);
    for (const op of ops) {
      const s = sample(op.operationId);
      expect(op['x-codeSamples'], op.operationId).toEqual([
        { lang: 'Shell', label: SAMPLE_LABELS.curl, source: s.curl },
        { lang: 'TypeScript', label: SAMPLE_LABELS.client, source: s.client },
      ]);
    }
  });

  it("sends the version header, the operation's betas and its credential header, all from the spec", () => {
    for (const e of spec.endpoints) {
      const { curl } = sample(e.id);
      expect(curl, e.id).toContain(`-H "${vendor.headers.version}: ${vendor.apiVersion}"`);
      if (e.betas.length) expect(curl, e.id).toContain(`-H "${vendor.headers.beta}: ${e.betas.join(',')}"`);
      else expect(curl, e.id).not.toContain(vendor.headers.beta);
      const kind = e.auth[0];
      if (kind === undefined) {
        expect(curl, e.id).not.toContain(access.API_KEY_HEADER);
        continue;
      }
      const variable = kind === 'admin_key' ? env.adminKey : env.apiKey;
      const { name, value } = access.credentialHeader(kind, `$${variable}`);
      expect(curl, e.id).toContain(`-H "${name}: ${value}"`);
    }
  });

  const cases: [string, { curl: string[]; client: string[]; not?: string[]; variables: string[] }][] = [
    [
      'dreams.retrieve',
      {
        curl: [`curl "$${env.baseUrl}/v1/dreams/$DREAM_ID"`],
        client: ['client.dreams.retrieve(process.env.DREAM_ID)'],
        variables: ['DREAM_ID'],
      },
    ],
    [
      'dreams.create',
      {
        curl: ['"memory_store_id": "$MEMORY_STORE_ID"', '"$SESSION_ID"', `"model": "${vendor.models.opus}"`],
        client: ['memory_store_id: process.env.MEMORY_STORE_ID', 'session_ids: [process.env.SESSION_ID]'],
        variables: ['MEMORY_STORE_ID', 'SESSION_ID'],
      },
    ],
    [
      'messages.batches.create',
      // a custom_id is the caller's own: its example stands
      {
        curl: ['"custom_id": "example"'],
        client: ["custom_id: 'example'"],
        not: ['CUSTOM_ID'],
        variables: [],
      },
    ],
    [
      'messages.batches.results',
      {
        curl: ['curl "$RESULTS_URL"'],
        client: [
          'for await (const messageBatchResult of client.messages.batches.results(',
          'process.env.RESULTS_URL',
        ],
        not: [env.baseUrl.concat('/')],
        variables: ['RESULTS_URL'],
      },
    ],
    [
      'oauth.token',
      {
        curl: [
          `"assertion": "$${vendor.env.identityToken}"`,
          `"federation_rule_id": "$${vendor.env.federationRuleId}"`,
        ],
        client: [
          `service_account_id: process.env.${vendor.env.serviceAccountId}`,
          `organization_id: process.env.${vendor.env.organizationId}`,
        ],
        variables: [
          vendor.env.identityToken,
          vendor.env.federationRuleId,
          vendor.env.organizationId,
          vendor.env.serviceAccountId,
        ],
      },
    ],
    [
      'organizations.workspaces.members.update',
      {
        curl: ['/workspaces/$WORKSPACE_ID/members/$USER_ID"', `-H "x-api-key: $${env.adminKey}"`],
        client: [
          `adminKey: process.env.${env.adminKey}`,
          'process.env.WORKSPACE_ID,',
          'process.env.USER_ID,',
        ],
        variables: ['WORKSPACE_ID', 'USER_ID'],
      },
    ],
    [
      'sessions.resources.delete',
      {
        curl: ['-X DELETE'],
        client: ['client.sessions.resources.delete('],
        variables: ['SESSION_ID', 'RESOURCE_ID'],
      },
    ],
    [
      'messages.batches.list',
      {
        curl: [],
        client: ['for await (const messageBatch of client.messages.batches.list())'],
        variables: [],
      },
    ],
  ];
  it.each(cases)('%s', (id, want) => {
    const s = sample(id);
    for (const text of want.curl) expect(s.curl).toContain(text);
    for (const text of want.client) expect(s.client).toContain(text);
    for (const text of want.not ?? []) expect(s.curl + s.client).not.toContain(text);
    expect(s.variables).toEqual(want.variables);
    expect(s.client).toContain(`from '${CLIENT_PACKAGE}'`);
  });

  it('every curl command is valid POSIX shell and every client call valid TypeScript', () => {
    for (const s of samples.values()) {
      expect(() => execFileSync('sh', ['-n'], { input: s.curl }), s.operation).not.toThrow();
      const file = ts.createSourceFile(`${s.operation}.ts`, s.client, ts.ScriptTarget.ES2022, true);
      const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      expect(
        diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        s.operation,
      ).toEqual([]);
      for (const line of s.client.split('\n'))
        expect(line.length, `${s.operation}: ${line}`).toBeLessThanOrEqual(100);
    }
  });

  it("another vendor's samples use its names and tell the client the vendor", () => {
    const acme = createSpec('acme');
    const acmeSamples = codeSamples(acme, buildOpenApi(acme));
    const create = acmeSamples.find((s) => s.operation === 'dreams.create')!;
    expect(create.curl).toContain('$ACME_BASE_URL/v1/dreams');
    expect(create.curl).toContain('-H "acme-version: ');
    expect(create.curl).toContain('acme-opus-4-7');
    expect(create.client).toContain("vendor: defineVendor('acme')");
    expect(create.curl + create.client).not.toMatch(/vendor-(?!api\/)|VENDOR_/);
  });
});
