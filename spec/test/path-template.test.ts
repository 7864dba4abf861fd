/** Path templates: their parameters, filled, and the paths they match. */
import { describe, expect, it } from 'vitest';
import { encodePath, fillPath, pathParams, pathPattern, spec } from '../src/index.js';

describe('path templates', () => {
  it.each([
    ['/v1/messages', []],
    ['/v1/dreams/{dream_id}', ['dream_id']],
    ['/v1/sessions/{session_id}/resources/{resource_id}', ['session_id', 'resource_id']],
    ['/x/{A1_b}/{}', ['A1_b']],
  ])('pathParams(%j) is %j', (template, names) => {
    expect(pathParams(template)).toEqual(names);
  });

  it('fillPath fills each parameter by name; undefined leaves it as written', () => {
    const t = '/v1/sessions/{session_id}/resources/{resource_id}';
    expect(fillPath(t, (name) => `:${name}`)).toBe('/v1/sessions/:session_id/resources/:resource_id');
    expect(fillPath(t, () => '{}')).toBe('/v1/sessions/{}/resources/{}');
    expect(fillPath(t, (name) => (name === 'session_id' ? 's' : undefined))).toBe(
      '/v1/sessions/s/resources/{resource_id}',
    );
  });

  it('encodePath encodes each given value as one segment and leaves the others', () => {
    expect(encodePath('/v1/dreams/{dream_id}/x/{other}', { dream_id: 'a/b c', unused: 'z' })).toBe(
      '/v1/dreams/a%2Fb%20c/x/{other}',
    );
  });

  it('pathPattern matches the paths of a template, one segment per parameter, literals as written', () => {
    const re = pathPattern('/v1/sessions/{session_id}/resources');
    expect(re.test('/v1/sessions/sesn_1/resources')).toBe(true);
    expect(re.test('/v1/sessions//resources')).toBe(false);
    expect(re.test('/v1/sessions/a/b/resources')).toBe(false);
    expect(re.test('/v1/sessions/a/resources/x')).toBe(false);
    expect(pathPattern('/v1/a.b/{x}').test('/v1/aXb/1')).toBe(false);
    expect(pathPattern('/v1/a.b/{x}').test('/v1/a.b/1')).toBe(true);
  });

  it('every endpoint path matches its own pattern once filled', () => {
    for (const e of spec.endpoints.filter((x) => x.path !== null)) {
      const path = fillPath(e.path!, (name) => `${name}_1`);
      expect(pathPattern(e.path!).test(path), e.id).toBe(true);
      expect(
        pathParams(e.path!).every((name) => path.includes(`${name}_1`)),
        e.id,
      ).toBe(true);
    }
  });
});
