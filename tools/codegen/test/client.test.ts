/**
 * The model of the generated client: resources follow the operation ids, except that a top-level
 * resource holding one family's operations takes the family's name; the emitted files are that
 * model written out.
 */
import { type Endpoint, spec, type VendorSpec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { clientModel, resourceFiles } from '../src/client.js';

/** A spec whose endpoints are renamed or regrouped (the rest of the spec as published). */
const withEndpoints = (endpoints: readonly Endpoint[]): VendorSpec =>
  ({ ...spec, endpoints }) as unknown as VendorSpec;
const exchange = spec.endpoints.find((e) => e.id === 'oauth.token')!;
const batchesCreate = spec.endpoints.find((e) => e.id === 'messages.batches.create')!;

const cases: [string, { given: VendorSpec; has: string[]; hasNot: string[] }][] = [
  [
    'the token exchange is named after its family, not its id',
    { given: spec, has: ['client.federation.token'], hasNot: ['client.oauth.token'] },
  ],
  [
    'a top-level resource of several families keeps the id segment',
    {
      given: spec,
      has: [
        'client.messages.create',
        'client.messages.batches.create',
        'client.organizations.workspaces.create',
      ],
      hasNot: ['client.messageBatches.create'],
    },
  ],
  [
    'a resource whose family is its name keeps it',
    { given: spec, has: ['client.dreams.cancel', 'client.sessions.resources.list'], hasNot: [] },
  ],
];

describe('clientModel', () => {
  it.each(cases)('%s', (_name, { given, has, hasNot }) => {
    const paths = [...clientModel(given).methods.keys()];
    for (const p of has) expect(paths).toContain(p);
    for (const p of hasNot) expect(paths).not.toContain(p);
  });

  it('keeps the former client.oauth as a deprecated alias of client.federation', () => {
    const model = clientModel(spec);
    expect(model.aliases.map((a) => [a.name, a.of.path])).toEqual([['oauth', 'client.federation']]);
    const index = resourceFiles(spec)['index.ts']!;
    expect(index).toMatch(/@deprecated[^\n]*\n\s+get oauth\(\): Federation \{\n\s+return this\.federation;/);
  });

  it('refuses an alias whose resource is gone (an operation of another family joined oauth)', () => {
    const mixed = withEndpoints([exchange, { ...batchesCreate, id: 'oauth.batches' } as unknown as Endpoint]);
    expect(() => clientModel(mixed)).toThrow(/no resource client\.federation/);
  });

  it('refuses an alias that names a resource again', () => {
    const clash = withEndpoints([exchange, { ...batchesCreate, id: 'oauth.batches' } as unknown as Endpoint]);
    // the alias `oauth` would shadow the resource `client.oauth`
    expect(() =>
      clientModel({
        ...clash,
        endpoints: [...clash.endpoints, { ...exchange, id: 'federation.token' }],
      } as unknown as VendorSpec),
    ).toThrow(/client\.oauth is a resource again/);
  });

  it('emits one class per resource and one method per operation', () => {
    const model = clientModel(spec);
    const text = Object.values(resourceFiles(spec)).join('\n');
    for (const r of model.resources)
      expect(text).toContain(`/** \`${r.path}\` */\nexport class ${r.className} {`);
    for (const m of model.methods.values())
      expect(text).toContain(
        `  ${m.name}(${m.params.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ')}) {`,
      );
    expect(model.methods.size).toBe(spec.endpoints.length);
  });
});
