import { expect } from 'vitest';
import { setup } from '../helpers.js';

export type T = ReturnType<typeof setup>;

/** A server with test control, and calls with the demo admin key. */
export function admin(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options);
  const as = (key: string) => ({
    get: (url: string) => t.call('GET', url, { key }),
    post: (url: string, body?: unknown) =>
      t.call('POST', url, { key, ...(body === undefined ? {} : { body }) }),
    del: (url: string) => t.call('DELETE', url, { key }),
  });
  const control = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, `/_test${url}`, { key: null, ...(body === undefined ? {} : { body }) });
    expect(res.status, res.text).toBe(200);
    return res.json as Record<string, unknown>;
  };
  return { ...t, ...as(t.demo.adminKey), as, control };
}

export type A = ReturnType<typeof admin>;

/** Creates a workspace through the API; returns its id. */
export async function createWorkspace(a: A, name = 'ws'): Promise<string> {
  const res = await a.post('/v1/organizations/workspaces', { name });
  expect(res.status, res.text).toBe(200);
  return String(res.json?.id);
}

/** A user of the demo organization with an organization role. */
export async function user(a: A, role: 'admin' | 'billing' | 'user' | 'developer'): Promise<string> {
  const res = await a.control('POST', '/organizations/demo/users', { role });
  return String(res.user_id);
}

/** The `data` array of a list response (empty when absent). */
export const dataOf = <T = unknown>(res: { json: Record<string, unknown> | undefined }): T[] =>
  (res.json?.data ?? []) as T[];
