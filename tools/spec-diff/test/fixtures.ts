/**
 * The corpus of spec edits: each fixture edits a copy of the real spec (one thing, sometimes on
 * both sides) and lists the classifications it must produce. `diff.test.ts` runs them all and
 * checks that every rule of `RULES` is covered by at least one fixture.
 */
import type { RuleId, Severity, Snapshot } from '../src/index.js';

export interface Fixture {
  /** Edits the copy that plays the working tree. */
  readonly edit: (s: any) => void;
  /** Edits the copy that plays the base, when the change needs a different starting point. */
  readonly before?: (s: any) => void;
  /** Classifications that must appear (rule and severity). */
  readonly expect: readonly (readonly [RuleId, Severity])[];
  /** The highest severity of the whole report. */
  readonly highest: Severity | 'none';
}

const ep = (s: Snapshot | any, id: string) => s.spec.endpoints.find((e: any) => e.id === id);
const schema = (s: any, name: string) => s.spec.schemas[name];
const prop = (s: any, name: string, field: string) => s.spec.schemas[name].properties[field];
const machine = (s: any, id: string) => s.spec.machines[id];
/** The string member of Dream.instructions (optional and nullable: UNSPEC-DREAM-INSTRUCTIONS-OMITTED). */
const instructionsOf = (s: any) =>
  prop(s, 'Dream', 'instructions').anyOf.find((m: any) => m.type === 'string');
/** Named schemas are embedded in endpoint entries by object identity in the spec: edit every copy. */
const named = (s: any, name: string, edit: (schema: any) => void) => {
  const visit = (node: any): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      if (node.$id === name) edit(node);
      Object.values(node).forEach(visit);
    }
  };
  visit(s.spec.endpoints);
  visit(s.spec.schemas);
};
const removeFrom = (list: unknown[], value: unknown) => list.splice(list.indexOf(value), 1);

export const FIXTURES: readonly (readonly [string, Fixture])[] = [
  ['nothing changed', { edit: () => {}, expect: [], highest: 'none' }],

  // ---- wire: operations
  [
    'an operation is added',
    {
      edit: (s) =>
        s.spec.endpoints.push({
          ...ep(s, 'dreams.retrieve'),
          id: 'dreams.peek',
          path: '/v1/dreams/{dream_id}/peek',
        }),
      expect: [
        ['operation.added', 'compatible'],
        ['method.added', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'an operation is removed',
    {
      edit: (s) => removeFrom(s.spec.endpoints, ep(s, 'dreams.archive')),
      expect: [
        ['operation.removed', 'breaking'],
        ['method.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'an operation moves to another path',
    {
      edit: (s) => {
        ep(s, 'dreams.cancel').path = '/v1/dreams/{dream_id}/stop';
      },
      expect: [['operation.moved', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'the success status changes',
    {
      edit: (s) => {
        ep(s, 'dreams.retrieve').success.status = 202;
      },
      expect: [['response.changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'another success status a server may answer is listed',
    {
      edit: (s) => {
        ep(s, 'dreams.cancel').success.others = [{ status: 202, unspecified: 'UNSPEC-DREAM-SUCCESS-STATUS' }];
      },
      expect: [['response.status-listed', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'another success status is no longer listed',
    {
      edit: (s) => {
        delete ep(s, 'messages.create').success.others;
      },
      expect: [['response.status-unlisted', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a response body that was not shown is specified',
    {
      edit: (s) => {
        ep(s, 'dreams.cancel').success.response.schema = { $ref: 'Dream' };
      },
      expect: [['response.specified', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an error case is added',
    {
      edit: (s) =>
        ep(s, 'dreams.create').errors.push({
          status: 409,
          type: 'conflict',
          when: 'twice',
          requirements: [],
        }),
      expect: [['error.added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an error case is removed',
    {
      edit: (s) => ep(s, 'dreams.cancel').errors.shift(),
      expect: [['error.removed', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an operation accepts one more credential kind',
    {
      edit: (s) => ep(s, 'organizations.workspaces.create').auth.push('workspace_key'),
      expect: [['auth.credential-added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an operation stops accepting access tokens',
    {
      edit: (s) => {
        ep(s, 'dreams.create').auth = ['workspace_key'];
      },
      expect: [['auth.credential-removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'the OAuth scope changes',
    {
      edit: (s) => {
        ep(s, 'dreams.create').scope = 'org:manage_tunnels';
      },
      expect: [['auth.scope-changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a beta header value becomes required',
    {
      edit: (s) => {
        ep(s, 'messages.create').betas = ['new-beta-2026-01-01'];
      },
      expect: [['beta.added', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a beta header value is no longer required',
    {
      edit: (s) => removeFrom(ep(s, 'dreams.create').betas, 'dreaming-2026-04-21'),
      expect: [['beta.removed', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'pagination changes style',
    {
      edit: (s) => {
        ep(s, 'messages.batches.list').pagination = { style: 'none' };
      },
      expect: [['pagination.changed', 'breaking']],
      highest: 'breaking',
    },
  ],

  // ---- wire and types: fields, by direction
  [
    'an optional request field is added',
    {
      edit: (s) => {
        schema(s, 'DreamCreateParams').properties.metadata = { type: 'object' };
      },
      expect: [
        ['field.added-optional', 'compatible'],
        ['property.added-optional', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a required request field is added',
    {
      edit: (s) => {
        const p = schema(s, 'DreamCreateParams');
        p.properties.priority = { type: 'integer' };
        p.required.push('priority');
      },
      expect: [
        ['field.added-required', 'breaking'],
        ['property.added-required', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a required response field is added',
    {
      edit: (s) => {
        const d = schema(s, 'Dream');
        d.properties.etag = { type: 'string' };
        d.required.push('etag');
      },
      expect: [
        ['field.added-required', 'compatible'],
        ['property.added-required', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a response field is removed',
    {
      edit: (s) => {
        const d = schema(s, 'Dream');
        delete d.properties.ended_at;
        removeFrom(d.required, 'ended_at');
      },
      expect: [
        ['field.removed', 'breaking'],
        ['property.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a response field is renamed',
    {
      edit: (s) => {
        const d = schema(s, 'Dream');
        d.properties.prompt = d.properties.instructions;
        delete d.properties.instructions;
        d.required[d.required.indexOf('instructions')] = 'prompt';
      },
      expect: [
        ['field.renamed', 'breaking'],
        ['property.renamed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'an optional request field becomes required',
    {
      edit: (s) => schema(s, 'DreamCreateParams').required.push('instructions'),
      expect: [
        ['field.required-added', 'breaking'],
        ['property.required-added', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a required request field becomes optional',
    {
      edit: (s) => removeFrom(schema(s, 'DreamCreateParams').required, 'model'),
      expect: [
        ['field.required-removed', 'compatible'],
        ['property.required-removed', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a response field may be absent',
    {
      edit: (s) => removeFrom(schema(s, 'Dream').required, 'usage'),
      expect: [
        ['field.required-removed', 'breaking'],
        ['property.required-removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a response enum gets a value',
    {
      edit: (s) => schema(s, 'DreamStatus').anyOf.push({ const: 'paused', type: 'string' }),
      expect: [
        ['enum.value-added', 'compatible'],
        ['literal.added', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a response enum loses a value: wire compatible, types breaking',
    {
      edit: (s) => {
        const st = schema(s, 'DreamStatus');
        st.anyOf = st.anyOf.filter((m: any) => m.const !== 'canceled');
      },
      expect: [
        ['enum.value-removed', 'compatible'],
        ['literal.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a request enum loses a value',
    {
      edit: (s) => {
        const m = schema(s, 'DreamModel');
        m.anyOf = m.anyOf.slice(1);
      },
      expect: [
        ['enum.value-removed', 'breaking'],
        ['literal.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a response field may become null',
    {
      edit: (s) => {
        const d = schema(s, 'Dream');
        d.properties.created_at = { anyOf: [d.properties.created_at, { type: 'null' }] };
      },
      expect: [
        ['nullable.added', 'breaking'],
        ['null.added', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a request field accepts null',
    {
      edit: (s) => {
        const p = schema(s, 'DreamCreateParams');
        p.properties.instructions = { anyOf: [p.properties.instructions, { type: 'null' }] };
      },
      expect: [
        ['nullable.added', 'compatible'],
        ['null.added', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a response field is no longer nullable',
    {
      edit: (s) => {
        const d = schema(s, 'Dream');
        d.properties.session_id = d.properties.session_id.anyOf.find((m: any) => m.type !== 'null');
      },
      expect: [
        ['nullable.removed', 'compatible'],
        ['null.removed', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a request field no longer accepts null',
    {
      before: (s) => {
        const p = schema(s, 'DreamCreateParams');
        p.properties.instructions = { anyOf: [p.properties.instructions, { type: 'null' }] };
      },
      edit: () => {},
      expect: [
        ['nullable.removed', 'breaking'],
        ['null.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a field changes type',
    {
      edit: (s) => {
        instructionsOf(s).type = 'number';
      },
      expect: [
        ['type.changed', 'breaking'],
        ['tstype.changed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a request limit tightens',
    {
      edit: (s) => {
        prop(s, 'DreamCreateParams', 'instructions').maxLength = 1000;
      },
      expect: [['constraint.tightened', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a request limit loosens',
    {
      edit: (s) => {
        prop(s, 'DreamCreateParams', 'instructions').maxLength = 8192;
      },
      expect: [['constraint.loosened', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a response limit loosens',
    {
      edit: (s) => {
        instructionsOf(s).maxLength = 8192;
      },
      expect: [['constraint.loosened', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a response limit tightens',
    {
      edit: (s) => {
        instructionsOf(s).maxLength = 1000;
      },
      expect: [['constraint.tightened', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an identifier pattern changes',
    {
      edit: (s) => {
        schema(s, 'DreamId').pattern = '^dream_.+$';
      },
      expect: [['pattern.changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a request object stops accepting unknown fields',
    {
      edit: (s) => {
        schema(s, 'MessageCreateParams').additionalProperties = false;
      },
      expect: [['object.closed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a request object starts accepting unknown fields',
    {
      edit: (s) => {
        delete schema(s, 'DreamCreateParams').additionalProperties;
      },
      expect: [['object.opened', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a union gets a member',
    {
      edit: (s) =>
        schema(s, 'DreamInput').anyOf.push({
          type: 'object',
          required: ['type'],
          properties: {
            type: { const: 'files', type: 'string' },
            file_ids: { type: 'array', items: { type: 'string' } },
          },
        }),
      expect: [
        ['union.member-added', 'compatible'],
        ['literal.added', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],
  [
    'a union loses a member',
    {
      edit: (s) => schema(s, 'DreamInput').anyOf.pop(),
      expect: [
        ['union.member-removed', 'breaking'],
        ['union.member-removed', 'compatible'],
        ['literal.removed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a query default changes',
    {
      edit: (s) => {
        named(s, 'DreamListParams', (q) => {
          q.properties.limit.default = 50;
        });
      },
      expect: [['default.changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a composition keyword changes',
    {
      edit: (s) => {
        prop(s, 'DreamCreateParams', 'inputs').allOf.pop();
      },
      expect: [
        ['schema.changed', 'breaking'],
        ['tstype.changed', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'only a description changes',
    {
      edit: (s) => {
        schema(s, 'Dream').description = 'A dream.';
      },
      expect: [['doc.changed', 'internal']],
      highest: 'internal',
    },
  ],
  [
    'a requirement is added',
    {
      edit: (s) => s.spec.requirements.push({ ...s.spec.requirements[0], id: 'DREAM-NEW-PROMISE' }),
      expect: [['requirement.added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a requirement is removed',
    {
      edit: (s) => s.spec.requirements.pop(),
      expect: [['requirement.removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a requirement is reworded',
    {
      edit: (s) => {
        s.spec.requirements[0].statement += ' (reworded)';
      },
      expect: [['requirement.changed', 'internal']],
      highest: 'internal',
    },
  ],

  // ---- generated types only: the wire does not change
  [
    'a named type is added',
    {
      edit: (s) => {
        s.spec.schemas.DreamLabel = { $id: 'DreamLabel', type: 'string' };
      },
      expect: [['type.added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a named type is removed',
    {
      edit: (s) => {
        delete s.spec.schemas.ServiceAccount;
      },
      expect: [['type.removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a named type is renamed: same wire, breaking types',
    {
      edit: (s) => {
        const renamed = JSON.parse(
          JSON.stringify(s.spec).split('"$ref":"DreamUsage"').join('"$ref":"DreamUsageTotals"'),
        );
        renamed.schemas.DreamUsageTotals = { ...renamed.schemas.DreamUsage, $id: 'DreamUsageTotals' };
        delete renamed.schemas.DreamUsage;
        s.spec = renamed;
      },
      expect: [['type.renamed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'an operation id is renamed: same wire, the method is renamed',
    {
      edit: (s) => {
        ep(s, 'dreams.archive').id = 'dreams.shelve';
      },
      expect: [['method.renamed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a query parameter becomes required: the method parameter narrows',
    {
      edit: (s) =>
        named(s, 'DreamListParams', (q) => {
          q.required = ['limit'];
        }),
      expect: [
        ['method.parameter-narrowed', 'breaking'],
        ['field.required-added', 'breaking'],
      ],
      highest: 'breaking',
    },
  ],
  [
    'a required query becomes optional: the method parameter widens',
    {
      before: (s) =>
        named(s, 'DreamListParams', (q) => {
          q.required = ['limit'];
        }),
      edit: () => {},
      expect: [
        ['method.parameter-widened', 'compatible'],
        ['field.required-removed', 'compatible'],
      ],
      highest: 'compatible',
    },
  ],

  // ---- behaviour: state machines
  [
    'a machine is added',
    {
      edit: (s) => {
        s.spec.machines['workspaces-copy'] = { ...machine(s, 'workspaces'), id: 'workspaces-copy' };
      },
      expect: [['machine.added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a machine is removed',
    {
      edit: (s) => {
        delete s.spec.machines['message-batches'];
      },
      expect: [['machine.removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a non-terminal state is added',
    {
      edit: (s) => machine(s, 'dreams').states.push('queued'),
      expect: [['machine.state-added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a state is removed',
    {
      edit: (s) => {
        const m = machine(s, 'dreams');
        removeFrom(m.states, 'canceled:archived');
        removeFrom(m.terminal, 'canceled:archived');
      },
      expect: [['machine.state-removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a new terminal state',
    {
      edit: (s) => {
        const m = machine(s, 'dreams');
        m.states.push('expired');
        m.terminal.push('expired');
      },
      expect: [['machine.terminal-added', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a state stops being terminal',
    {
      edit: (s) => {
        machine(s, 'workspaces').terminal = [];
      },
      expect: [['machine.terminal-removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'the initial state changes',
    {
      edit: (s) => {
        machine(s, 'dreams').initial = 'running';
      },
      expect: [['machine.initial-changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'an event is added',
    {
      edit: (s) => {
        machine(s, 'dreams').events['clock.tick'] = { kind: 'happening', description: 'a tick' };
      },
      expect: [['machine.event-added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'an event is removed',
    {
      edit: (s) => {
        delete machine(s, 'dreams').events['pipeline.progress'];
      },
      expect: [['machine.event-removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a row is added',
    {
      edit: (s) =>
        machine(s, 'workspaces').rows.push({
          from: ['archived'],
          event: 'audit.happened',
          to: 'unchanged',
          outcome: { kind: 'ignored' },
          effects: [],
          requirements: ['WS-AUDIT'],
        }),
      expect: [['machine.row-added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a row is removed',
    {
      edit: (s) => machine(s, 'dreams').rows.shift(),
      expect: [['machine.row-removed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a row is retargeted: cancel of an ended dream now succeeds',
    {
      edit: (s) => {
        const row = machine(s, 'dreams').rows.find(
          (r: any) => r.event === 'dreams.cancel' && r.outcome.kind === 'error',
        );
        row.outcome = { kind: 'ok', status: 200 };
      },
      expect: [['machine.row-retargeted', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a guard is tightened',
    {
      edit: (s) => {
        const row = machine(s, 'federation-rules').rows.find(
          (r: any) => r.when && !('keySetFresh' in r.when),
        );
        row.when.keySetFresh = true;
      },
      expect: [['machine.guard-tightened', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a guard is loosened',
    {
      edit: (s) => {
        const row = machine(s, 'federation-rules').rows.find(
          (r: any) => r.when && Object.keys(r.when).length >= 2,
        );
        delete row.when[Object.keys(row.when)[0]!];
      },
      expect: [['machine.guard-loosened', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a row gains an effect',
    {
      edit: (s) => {
        const row = machine(s, 'dreams').rows.find(
          (r: any) => r.effects.length > 0 && !r.effects.includes('update_usage'),
        );
        row.effects.push('update_usage');
      },
      expect: [['machine.effect-added', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a row loses an effect',
    {
      edit: (s) =>
        machine(s, 'dreams')
          .rows.find((r: any) => r.effects.length > 0)
          .effects.pop(),
      expect: [['machine.effect-removed', 'breaking']],
      highest: 'breaking',
    },
  ],

  // ---- behaviour: rules and vendor names
  [
    'the JWT clock skew tightens',
    {
      edit: (s) => {
        s.rules.jwt.CLOCK_SKEW_SECONDS = 10;
      },
      expect: [['rule.tightened', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'one more JWT algorithm is accepted',
    {
      edit: (s) => s.rules.jwt.ACCEPTED_ALGORITHMS.push('EdDSA'),
      expect: [['rule.loosened', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'the credential-resolution order changes',
    {
      edit: (s) => {
        const sources = s.rules.credentials.RESOLUTION_SOURCES;
        [sources[1], sources[2]] = [sources[2], sources[1]];
        sources.forEach((src: any, i: number) => {
          src.order = i + 1;
        });
      },
      expect: [['rule.order-changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'a URL rule changes',
    {
      edit: (s) => {
        s.rules.urls.URL_REJECTIONS.port.problem = 'port must be 443 or 8443';
      },
      expect: [['rule.data-changed', 'breaking']],
      highest: 'breaking',
    },
  ],
  [
    'rule code changes while its data does not',
    {
      edit: (s) => {
        s.ruleSources.matchers += ' ;';
      },
      expect: [['rule.code-changed', 'compatible']],
      highest: 'compatible',
    },
  ],
  [
    'a vendor-derived header name changes',
    {
      edit: (s) => {
        s.spec.vendor.headers.beta = 'acme-beta';
      },
      expect: [['vendor.changed', 'breaking']],
      highest: 'breaking',
    },
  ],
];
