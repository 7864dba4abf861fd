/**
 * The fetch function orval's client calls for every operation (its `mutator`), as orval's
 * documentation has users write it: the base URL and the credential header are set once by
 * `configure`; a call may name its own base URL (`baseUrl` in its options: the batch results
 * operation, whose server is `results_url`). It answers orval's response shape: `data`, `status`
 * and `headers`, with `stream` (the response) in place of `data` for JSON lines.
 */
interface Settings {
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
}

let settings: Settings = { baseUrl: '', headers: {} };

export const configure = (next: Settings) => {
  settings = next;
};

/** The options of a call: fetch's, and the base URL of this call alone. */
export type OrvalOptions = RequestInit & { readonly baseUrl?: string };

export const orvalFetch = async <T>(url: string, options: OrvalOptions): Promise<T> => {
  const { baseUrl = settings.baseUrl, ...init } = options;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(settings.headers))
    if (!headers.has(name)) headers.set(name, value);
  const response = await fetch(`${baseUrl}${url}`, { ...init, headers });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('ndjson'))
    return { stream: response, status: response.status, headers: response.headers } as T;
  const text = await response.text();
  const data: unknown = text && type.includes('json') ? JSON.parse(text) : text;
  return { data, status: response.status, headers: response.headers } as T;
};
