import { access, BETA_IDENTIFIERS, type Operation } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { control, probes, vary } from './common.js';
import { PROBE_NEEDS } from './probes.js';

/**
 * Whether an endpoint's required betas are documented: an endpoint citing an Unspecified entry
 * about its beta (`UNSPEC-...-BETA`, e.g. UNSPEC-SESS-CREATE-BETA) carries the project's choice,
 * which the suite never asserts.
 */
const betasDocumented = (e: Operation) => !e.unspecified.some((u) => u.endsWith('-BETA'));

export const betaHeadersRequired = defineCase({
  id: 'access.beta-headers-required',
  family: 'access',
  title:
    'an operation that requires beta identifiers refuses a request missing any one of them (or the whole header) with a 4xx and the error body, and serves them comma-separated; one that requires none is served without the header',
  requirements: [
    'BETA-SESSION-RESOURCES-MANAGED-AGENTS',
    'BETA-DREAMS-BOTH',
    'BETA-DREAMING-IDENTIFIER',
    'BETA-HEADER-COMMA-SEPARATED',
    'BETA-HEADER-OPTIONAL',
    'ERROR-BODY-ERROR-TYPE',
  ],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    let checked = 0;
    for await (const [endpoint, p] of probes(ctx)) {
      // The header is optional: an operation that requires no beta is served without it.
      if (endpoint.betas.length === 0)
        await control(ctx, endpoint, { ...p, options: { ...p.options, betas: null } });
      if (endpoint.betas.length === 0 || !betasDocumented(endpoint)) continue;
      checked++;
      // The status is not shown (UNSPEC-BETA-MISSING): any 4xx with the error body.
      ctx.clientError(await vary(ctx, endpoint, p, { betas: null }));
      for (const missing of endpoint.betas) {
        const rest = endpoint.betas.filter((b) => b !== missing);
        ctx.clientError(await vary(ctx, endpoint, p, { betas: rest.length ? rest : null }));
      }
      await control(ctx, endpoint, p);
    }
    if (checked === 0) ctx.fail('no operation with documented required betas was found');
  },
});

export const unknownBetaNeverServerError = defineCase({
  id: 'access.unknown-beta-never-server-error',
  family: 'access',
  title:
    'an identifier outside the allowed beta list never makes any operation fail with a 5xx, and a refusal carries the error body',
  requirements: ['BETA-IDENTIFIERS-ALLOWED', 'BETA-HEADER-COMMA-SEPARATED', 'ERROR-BODY-ERROR-TYPE'],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    // Whether an unknown identifier is refused is not shown (UNSPEC-BETA-UNKNOWN): only that the
    // answer is a 2xx or a 4xx with the error body (a 5xx fails every call).
    const unknown = fc
      .sample(fc.stringMatching(/^[a-z]{2,12}-20[0-9]{2}-[01][0-9]-[0-3][0-9]$/), {
        numRuns: 40,
        seed: ctx.settings.seed,
      })
      .filter((b) => !access.isBetaIdentifier(b));
    let i = 0;
    for await (const [endpoint, p] of probes(ctx)) {
      const beta = unknown[i++ % unknown.length] ?? 'unknown-2020-01-01';
      const res = await vary(ctx, endpoint, p, { betas: [...endpoint.betas, beta] });
      if (res.status >= 300) ctx.clientError(res);
    }
  },
});

export const allowedBetasServed = defineCase({
  id: 'access.allowed-betas-served',
  family: 'access',
  title:
    'every allowed beta identifier may be sent: an operation is served with its required betas plus every other allowed identifier, and with each one alone',
  requirements: ['BETA-IDENTIFIERS-ALLOWED', 'BETA-DREAMING-IDENTIFIER', 'BETA-HEADER-COMMA-SEPARATED'],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    // What an identifier does on an operation that does not use it is not shown
    // (UNSPEC-BETA-UNNEEDED); that the request is served is: the identifier is allowed.
    const allowed = BETA_IDENTIFIERS;
    let checked = 0;
    for await (const [endpoint, p] of probes(ctx)) {
      if (!p.valid) continue;
      const res = await vary(ctx, endpoint, p, { betas: [...new Set([...endpoint.betas, ...allowed])] });
      ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
      checked++;
    }
    // Each identifier alone, on an operation that requires none (token counting).
    const count = ctx.http.endpoint('messages.count_tokens');
    const body = { model: ctx.vendor.models.sonnet, messages: [{ role: 'user', content: 'hi' }] };
    for (const beta of allowed) {
      const res = await ctx.call(count.id, { body, betas: [beta] }, false);
      ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
    }
    if (checked === 0) ctx.fail('no operation could be called with a valid probe');
  },
});
