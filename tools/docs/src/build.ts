/**
 * Builds the API reference as a static site that opens offline: `index.html` is the reference
 * (every operation with its code samples, parameters, examples and notes), `getting-started.html`
 * (and `.md`) the first steps against the sandbox, `machines/*.html` draw each state machine,
 * `unspecified.html` lists what the documents leave open, `redoc.html` is the same document
 * rendered by Redoc (through Redocly CLI's `build-docs`, its script inlined into the page) and
 * `openapi.json` the document itself. Nothing is fetched when a page opens.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { VendorSpec } from '@vendor-api/spec';
import { gettingStarted, guideHtml, guideMarkdown } from './getting-started.js';
import { page } from './html.js';
import { machinePage, machinesIndex } from './machines.js';
import { annotate, unspecifiedBody } from './reference.js';
import { referencePage } from './reference-page.js';

const run = promisify(execFile);

/**
 * Images the renderer loads from its vendor's CDN (its attribution logo), each replaced by an
 * inline image so that the page fetches nothing. A renderer version without them leaves the page
 * unchanged; the browser test fails on any request that leaves the machine.
 */
const REMOTE_IMAGES: readonly string[] = [
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
];
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14"><text x="0" y="11" font-family="sans-serif" font-size="11" fill="#555">Redoc</text></svg>',
)}`;

export interface BuildOptions {
  /** Folder the site is written to (created; files of the same names are replaced). */
  readonly out: string;
  readonly spec: VendorSpec;
  /** The OpenAPI document to render. */
  readonly document: unknown;
}

export interface BuildResult {
  /** Files written, relative to `out`. */
  readonly files: readonly string[];
}

/** The Redocly CLI entry point of the installed `@redocly/cli`. */
function redoclyEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@redocly/cli/package.json');
  const manifest = JSON.parse(require('node:fs').readFileSync(manifestPath, 'utf8')) as {
    bin: Record<string, string>;
  };
  const bin = manifest.bin.redocly ?? Object.values(manifest.bin)[0];
  if (!bin) throw new Error('@redocly/cli declares no bin');
  return join(dirname(manifestPath), bin);
}

async function renderReference(document: unknown, title: string, outFile: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vendor-docs-'));
  try {
    const input = join(work, 'openapi.json');
    await writeFile(input, JSON.stringify(document));
    // Run in the temporary folder so that no redocly.yaml of the caller's folder applies.
    await run(
      process.execPath,
      [redoclyEntry(), 'build-docs', input, '--inlineBundle', '--title', title, '--output', outFile],
      {
        cwd: work,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((e: Error & { stderr?: string; stdout?: string }) => {
      throw new Error(`redocly build-docs failed: ${e.stderr || e.stdout || e.message}`);
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  let html = await readFile(outFile, 'utf8');
  for (const url of REMOTE_IMAGES) html = html.split(url).join(INLINE_LOGO);
  await writeFile(outFile, html);
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const out = resolve(options.out);
  const { spec, document } = options;
  const brand = `${spec.vendor.displayName} API`;
  await mkdir(join(out, 'machines'), { recursive: true });
  const guide = gettingStarted(spec);
  const files: Record<string, string> = {
    'index.html': referencePage(document, spec),
    'getting-started.html': guideHtml(guide, document, spec),
    'getting-started.md': guideMarkdown(guide, document),
    'unspecified.html': page(`${brand}: not specified by the documents`, unspecifiedBody(spec), {
      brand,
      current: 'unspecified.html',
    }),
    'machines/index.html': machinesIndex(spec),
    'openapi.json': `${JSON.stringify(document, null, 2)}\n`,
  };
  for (const m of Object.values(spec.machines)) files[`machines/${m.id}.html`] = machinePage(m, spec);
  const title = `${brand} reference (Redoc)`;
  await Promise.all([
    renderReference(annotate(document, spec), title, join(out, 'redoc.html')),
    ...Object.entries(files).map(([name, text]) => writeFile(join(out, name), text)),
  ]);
  return { files: ['redoc.html', ...Object.keys(files)] };
}
