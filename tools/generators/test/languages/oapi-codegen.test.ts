/**
 * The Go row of the generator matrix: oapi-codegen's client of the published document passes
 * `go vet` and `go build` beside its driver and makes every call of the scenario; its kit driver
 * passes every client case a generated client can run and answers the others unsupported.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GoUnavailable, oapiCodegen, runGo } from '../../src/go.js';
import { GENERATORS, type Row, runGenerator, runKit } from '../../src/index.js';
import { kitFailures, missingToolchain, PASSED, sandboxAndFolder, verdicts } from '../support.js';

/** The client cases a generated client runs: none needs a credential chain. */
const WIRE_CASES = [
  'batches.results-matched-by-custom-id',
  'dreams.poll-until-settled',
  'dreams.poll-until-canceled',
  'dreams.unknown-error-type-accepted',
  'rate-limits.loop-on-next-page',
];

// Building the generator the first time takes about two minutes on a busy 2-core machine (then it
// is cached); generating and building a client, 10 to 40 s; the kit's cases, about a minute.
const BUILD_TIMEOUT = 600_000;
const GENERATOR_TIMEOUT = 240_000;
const KIT_TIMEOUT = 600_000;

describe('oapi-codegen (Go)', () => {
  const go = GENERATORS.find((g) => g.name === 'oapi-codegen')!;
  const env = sandboxAndFolder();
  /** Why the Go toolchain cannot be had here (locally only: CI fails instead). */
  let unavailable: string | undefined;
  /** The row, generated once for every test (its client in `dir/oapi-codegen`). */
  let row: Promise<Row> | undefined;
  const generated = () => {
    row ??= runGenerator(go, env.sandbox, { dir: env.dir });
    return row;
  };
  beforeAll(async () => {
    unavailable = await missingToolchain('Go row', oapiCodegen, [GoUnavailable]);
  }, BUILD_TIMEOUT);

  it(
    'its client of the published document passes go vet and go build and makes every call of the scenario',
    async (ctx) => {
      if (unavailable !== undefined) ctx.skip(unavailable);
      const row = await generated();
      expect(verdicts(row)).toEqual(PASSED);
      expect(row.versions).toEqual(['oapi-codegen/oapi-codegen/v2 v2.8.2', 'oapi-codegen/runtime v1.9.0']);
    },
    GENERATOR_TIMEOUT,
  );

  it(
    'its kit driver passes every client case it can run; the credential cases are skipped with its reason',
    async (ctx) => {
      if (unavailable !== undefined) ctx.skip(unavailable);
      expect((await generated()).compile.ok).toBe(true);
      const kit = await runKit(go, join(env.dir, 'oapi-codegen'));
      expect(kitFailures(kit)).toEqual([]);
      expect(kit.failed).toBe(0);
      expect(kit.verdict).toMatch(/partial/i);
      const passed = kit.results.filter((r) => r.outcome === 'passed').map((r) => r.id.split('@')[0]);
      expect([...new Set(passed)].sort()).toEqual([...WIRE_CASES].sort());
      expect(kit.skipped.length).toBeGreaterThan(0);
      for (const skip of kit.skipped) expect(skip.reason, skip.id).toContain('no credential chain');
    },
    KIT_TIMEOUT,
  );

  it(
    "its parsing method fails on the results' JSON lines (why the drivers call the plain method)",
    async (ctx) => {
      if (unavailable !== undefined) ctx.skip(unavailable);
      expect((await generated()).compile.ok).toBe(true);
      // A 200 of two result lines, as the results operation answers: the generated parser has no
      // case for its media type, and its `default` case (any status, any media type containing
      // "json") parses the body as one error object.
      const program = join(env.dir, 'oapi-codegen', 'ndjson');
      mkdirSync(program, { recursive: true });
      writeFileSync(join(program, 'main.go'), NDJSON_PROGRAM);
      const out = await runGo(['run', './ndjson'], join(env.dir, 'oapi-codegen'));
      expect(out).toBe("invalid character '{' after top-level value");
    },
    GENERATOR_TIMEOUT,
  );
});

const NDJSON_PROGRAM = `package main

import (
\t"bytes"
\t"fmt"
\t"io"
\t"net/http"

\t"vendorapi.local/generators/client"
)

func main() {
\tlines := "{\\"custom_id\\":\\"a\\",\\"result\\":{\\"type\\":\\"canceled\\"}}\\n{\\"custom_id\\":\\"b\\",\\"result\\":{\\"type\\":\\"canceled\\"}}\\n"
\theader := http.Header{"Content-Type": {"application/x-ndjson"}}
\tresponse := &http.Response{StatusCode: 200, Header: header, Body: io.NopCloser(bytes.NewBufferString(lines))}
\t_, err := client.ParseMessagesBatchesResultsResponse(response)
\tfmt.Println(err)
}
`;
