/**
 * A stop-gap adapter module for the conformance suite (`--adapter <this file>`): it speaks the
 * conformance control API (GET /capabilities, /clock, /clock/advance, /organizations/{id}/workspaces,
 * /batches/{id}/complete) at VENDOR_CONTROL_URL with the header `test-control-token:
 * VENDOR_CONTROL_TOKEN`. Once the suite's built-in `--control-url URL --control-token T` exists,
 * use that instead and delete this file. Plain JavaScript, no imports: Node's global fetch.
 */
export default async function createAdapter(target) {
  const base = (process.env.VENDOR_CONTROL_URL ?? '').replace(/\/$/, '');
  const token = process.env.VENDOR_CONTROL_TOKEN ?? '';
  if (!base) throw new Error('control-adapter.mjs: set VENDOR_CONTROL_URL and VENDOR_CONTROL_TOKEN');
  async function call(method, path, body) {
    const res = await fetch(base + path, {
      method,
      headers: { 'test-control-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`control ${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  }
  const { protocol, version, capabilities } = await call('GET', '/capabilities');
  if (protocol !== 'vendor-conformance-control' || version !== 1)
    throw new Error(`control-adapter.mjs: ${base} speaks ${protocol} ${version}`);
  const has = new Set(capabilities);
  const when = (capability, methods) => (has.has(capability) ? methods : {});
  return {
    name: 'conformance control API (example module)',
    capabilities: has,
    ...when('clock', {
      advanceClock: (ms) => call('POST', '/clock/advance', { ms }),
      now: async () => Date.parse((await call('GET', '/clock')).now),
    }),
    ...when('workspaces', {
      async createWorkspace(name) {
        const org = encodeURIComponent(target.organizationId);
        const r = await call('POST', `/organizations/${org}/workspaces`, name === undefined ? {} : { name });
        return { id: r.id, apiKey: r.workspace_key };
      },
    }),
    ...when('drive-batches', {
      driveBatch: (id, drive) =>
        call('POST', `/batches/${encodeURIComponent(id)}/complete`, {
          ...(drive.internalErrors === undefined ? {} : { internal_errors: drive.internalErrors }),
        }),
    }),
  };
}
