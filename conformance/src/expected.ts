/**
 * The expected-failures file: known deviations of an implementation, by case id, each with a
 * reason. `{ "expectedFailures": { "<case id>": "<reason>" } }`
 */
import { readFile } from 'node:fs/promises';

/** A problem with the run's configuration (exit code 2). */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

export async function loadExpectedFailures(
  path: string,
  knownIds: ReadonlySet<string>,
): Promise<Record<string, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(
      `cannot read the expected-failures file ${path}: ${(error as Error).message}`,
    );
  }
  const map = (parsed as { expectedFailures?: unknown }).expectedFailures;
  if (!map || typeof map !== 'object' || Array.isArray(map)) {
    throw new ConfigurationError(`${path}: expected {"expectedFailures": {"<case id>": "<reason>"}}`);
  }
  const out: Record<string, string> = {};
  for (const [id, reason] of Object.entries(map)) {
    if (!knownIds.has(id)) throw new ConfigurationError(`${path}: unknown case id ${JSON.stringify(id)}`);
    if (typeof reason !== 'string' || !reason.trim())
      throw new ConfigurationError(`${path}: ${id} needs a reason`);
    out[id] = reason;
  }
  return out;
}
