/**
 * How deeply JSON may nest where the server reads it (request bodies, the JWT's header and
 * payload): UNSPEC-REQUEST-JSON-DEPTH. Its own module, without imports, so that the JWT rules and
 * the request bounds can both use it.
 */

/**
 * Deepest nesting of objects and arrays a JSON body may have: the top-level value is depth 1
 * (UNSPEC-REQUEST-JSON-DEPTH). Deep enough for any JSON Schema in `tools[].input_schema`; shallow
 * enough that nothing walking a body recursively can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 128;

/** A value met while walking a body: its depth and how it is reached (a path built only when needed). */
interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Visit | null;
  readonly key: string | number;
}

/** `body.tools[0]["a b"]`: the path of a visited value. */
function pathOf(visit: Visit): string {
  const parts: string[] = [];
  for (let v: Visit | null = visit; v !== null; v = v.parent) {
    const key = v.key;
    if (v.parent === null) parts.push(String(key));
    else if (typeof key === 'number') parts.push(`[${key}]`);
    else parts.push(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
  }
  return parts.reverse().join('');
}

/**
 * Where a JSON value nests deeper than `max` (UNSPEC-REQUEST-JSON-DEPTH): the path of the first
 * object or array found at depth `max + 1` (`body.tools[0].input_schema.properties`), or null when
 * it is within the bound. Iterative: it never recurses, whatever the depth.
 */
export function jsonDepthViolation(
  value: unknown,
  max: number = MAX_JSON_DEPTH,
  root = 'body',
): string | null {
  const stack: Visit[] = [{ value, depth: 1, parent: null, key: root }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const v = top.value;
    if (v === null || typeof v !== 'object') continue;
    if (top.depth > max) return pathOf(top);
    const depth = top.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object')
          stack.push({ value: item, depth, parent: top, key: i });
      }
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push({ value: item, depth, parent: top, key });
      }
    }
  }
  return null;
}
