/**
 * Seals of the generated files whose generators cost seconds (ajv compiling every schema in seven
 * forms; openapi-typescript, which loads the TypeScript compiler). A seal, the file's second line,
 * is a digest of what the file was generated from and of the file itself:
 *
 *   seal = sha256(inputs digest, content without the seal line)
 *
 * where the inputs digest covers the spec data the generator reads, the generator's own source
 * files (the module and every local module it imports) and the versions of the packages it runs.
 * `pnpm generate --check` recomputes the inputs digest (milliseconds) and accepts a file whose seal
 * matches it and its content without running the generator; any other file (the spec, a generator
 * or a package changed, or the file was edited) is generated in memory and compared as before.
 * `pnpm generate` always runs every generator.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEAL_PREFIX = '// seal: ';
const here = dirname(fileURLToPath(import.meta.url));
const ext = extname(fileURLToPath(import.meta.url));

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** The text of a local generator module and of every local module it imports, by name. */
export function generatorSources(module: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (name: string) => {
    if (Object.hasOwn(out, name)) return;
    // The TypeScript source, also when this module runs built (dist/ beside src/).
    const path = [
      join(here, `${name}.ts`),
      join(here, '..', 'src', `${name}.ts`),
      join(here, `${name}${ext}`),
    ].find((candidate) => existsSync(candidate));
    const text = path === undefined ? '' : readFileSync(path, 'utf8');
    out[name] = text;
    for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([\w-]+)\.js'/gm)) visit(m[1]!);
  };
  visit(module);
  return out;
}

/** The installed version of a package the generators run (from its package.json). */
export function packageVersion(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? '';
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`no package.json of ${name} above ${fileURLToPath(import.meta.resolve(name))}`);
    dir = parent;
  }
}

/** The inputs digest of a generator: its data, its sources and its packages' versions. */
export function inputsDigest(data: unknown, module: string, packages: readonly string[]): string {
  return sha256(
    JSON.stringify(data),
    JSON.stringify(generatorSources(module)),
    JSON.stringify(packages.map((p) => [p, packageVersion(p)])),
  );
}

/** A generated file with its seal as second line (after the banner). */
export function seal(content: string, inputs: string): string {
  const nl = content.indexOf('\n');
  const banner = content.slice(0, nl + 1);
  const rest = content.slice(nl + 1);
  return `${banner}${SEAL_PREFIX}${sha256(inputs, banner + rest)}\n${rest}`;
}

/** Whether a file on disk carries a seal that matches these inputs and its own content. */
export function sealHolds(file: string | undefined, inputs: string): boolean {
  if (file === undefined) return false;
  const nl = file.indexOf('\n');
  if (nl === -1 || !file.startsWith(SEAL_PREFIX, nl + 1)) return false;
  const end = file.indexOf('\n', nl + 1);
  if (end === -1) return false;
  const recorded = file.slice(nl + 1 + SEAL_PREFIX.length, end);
  return recorded === sha256(inputs, file.slice(0, nl + 1) + file.slice(end + 1));
}
