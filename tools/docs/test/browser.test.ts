/**
 * The built site in a real headless browser (Debian's chromium through playwright-core), offline:
 * every request that would leave the machine is refused and counted. Every page opens without a
 * console error; every operation of the reference opens at its address with its short title, its
 * curl and client samples beside it and its examples; a sample tab chosen once holds on the
 * others; the search narrows the sidebar; no Markdown shows as text; every machine page draws its
 * diagram with every state; the Redoc rendering shows the code samples of `x-codeSamples`.
 *
 * VENDOR_API_DOCS_SCREENSHOTS=DIR saves screenshots of the main views there (to look at them).
 *
 * Without chromium at CHROMIUM_PATH (default /usr/bin/chromium) the test is skipped with a
 * message, unless VENDOR_API_REQUIRE_BROWSER=1 (CI sets it), which makes its absence a failure.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SAMPLE_LABELS } from '@vendor-api/codegen';
import { document as openapi } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.js';
import { gettingStarted } from '../src/getting-started.js';
import { operationHref } from '../src/html.js';
import { diagramEdges } from '../src/machines.js';
import { UNSPECIFIED_MARK } from '../src/reference.js';

/** The page's own `document`, inside functions that run in the browser (no DOM types here). */
declare const document: {
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
  body: {
    cloneNode(deep: boolean): {
      querySelectorAll(s: string): Iterable<{ remove(): void }>;
      innerText?: string;
      textContent: string | null;
    };
  };
};

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const REQUIRED = process.env.VENDOR_API_REQUIRE_BROWSER === '1';
const SCREENSHOTS = process.env.VENDOR_API_DOCS_SCREENSHOTS;
const available = existsSync(CHROMIUM);

if (!available && !REQUIRED)
  console.warn(
    `[docs] browser test skipped: no chromium at ${CHROMIUM} (install it: apt-get install -y chromium; CI sets VENDOR_API_REQUIRE_BROWSER=1 and fails instead)`,
  );

/** Flags that keep chromium from reaching the network on its own (updates, sync, field trials). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The text of the page a reader sees as prose: code blocks, scripts and styles left out. */
const proseText = () => {
  const copy = document.body.cloneNode(true);
  for (const el of copy.querySelectorAll('pre, code, script, style, svg')) el.remove();
  return copy.textContent ?? '';
};

describe.skipIf(!available && !REQUIRED)('the built site in headless chromium', () => {
  let site = '';
  let profile = '';
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  const outside: string[] = [];
  const url = (file: string) => pathToFileURL(join(site, file)).href;
  const shot = async (name: string, full = false) => {
    if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: full });
  };

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `chromium is required here and missing at ${CHROMIUM}`).toBe(true);
    site = await mkdtemp(join(tmpdir(), 'vendor-docs-site-'));
    profile = await mkdtemp(join(tmpdir(), 'vendor-docs-profile-'));
    if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
    await buildSite({ out: site, spec, document: openapi });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1440, height: 900 },
    });
    // Every wait for the page (a load, an element, a rendered heading) waits for an event, bounded
    // for a hang: a loaded 2-core machine renders many times slower than playwright's defaults expect.
    context.setDefaultTimeout(60_000);
    context.setDefaultNavigationTimeout(60_000);
    await context.route('**/*', (route) => {
      const target = route.request().url();
      if (/^(file|data|blob):/.test(target)) return route.continue();
      outside.push(target);
      return route.abort('internetdisconnected');
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await Promise.all([site, profile].filter(Boolean).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('the reference opens every operation at its address: title, method and path, samples and examples', async () => {
    await page.goto(url('index.html'), { waitUntil: 'load' });
    await shot('reference-intro');
    for (const e of spec.endpoints) {
      const hash = operationHref(e).split('#')[1] ?? '';
      await page.evaluate(`location.hash = ${JSON.stringify(`#${hash}`)}`);
      const section = page.locator(`section[data-operation="${e.id}"]`);
      const title = section.locator('h3.op-title');
      await expect(title.textContent()).resolves.toBe(e.title);
      // the heading is at the top of the window (under the site's header), the samples beside it
      const top = (await title.boundingBox())?.y ?? -1;
      expect(top, e.id).toBeGreaterThanOrEqual(0);
      expect(top, e.id).toBeLessThan(200);
      await expect(section.locator('.endpoint').textContent()).resolves.toContain(e.method);
      const samples = section.locator('aside .card').first();
      const curl = samples.locator('[data-panel="curl"] pre');
      await expect(curl.isVisible()).resolves.toBe(true);
      const box = await curl.boundingBox();
      expect(
        box && box.y < 900 && box.x > 700,
        `${e.id}: curl sample beside the text, on the first screen`,
      ).toBe(true);
      await expect(
        section.locator('aside [data-panel="200"], aside [data-panel="201"]').count(),
      ).resolves.toBe(1);
      // the sidebar marks where the reader is
      await expect(page.locator('.sidebar a[aria-current]').getAttribute('href')).resolves.toBe(`#${hash}`);
    }
    await page.evaluate(
      `location.hash = ${JSON.stringify(`#${operationHref(spec.endpoints.find((e) => e.id === 'dreams.create')!).split('#')[1]}`)}`,
    );
    await shot('reference-operation');
  }, 300_000);

  it('a sample tab chosen once holds on every operation', async () => {
    await page.goto(url('index.html'), { waitUntil: 'load' });
    const first = page.locator('section.operation').first();
    await first.locator(`[role=tab]:text-is("${SAMPLE_LABELS.client}")`).click();
    await expect(first.locator('[data-panel="client"] pre').isVisible()).resolves.toBe(true);
    const last = page.locator('section.operation').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator('[data-panel="client"] pre').isVisible()).resolves.toBe(true);
    await expect(last.locator('[data-panel="curl"] pre').isVisible()).resolves.toBe(false);
    await page.goto(`${url('index.html')}#/dreams/dreams.create`, { waitUntil: 'load' });
    await shot('reference-client-tab');
    // back to curl for the other views
    await page.locator('section.operation').first().locator('[role=tab]:text-is("curl")').click();
  });

  it('the search narrows the sidebar to the operations that match', async () => {
    await page.goto(url('index.html'), { waitUntil: 'load' });
    await page.keyboard.press('/');
    await page.keyboard.type('dream');
    const visible = await page.locator('.sidebar li[data-search]:visible .nav-title').allTextContents();
    const dreams = spec.endpoints.filter(
      (e) => e.id.includes('dream') || e.title.toLowerCase().includes('dream'),
    );
    expect(visible.length).toBeGreaterThanOrEqual(dreams.length);
    expect(visible.length).toBeLessThan(spec.endpoints.length);
    await shot('reference-search');
    await page.keyboard.type(' zzzz');
    await expect(page.locator('.nav-empty').isVisible()).resolves.toBe(true);
  });

  it('no page shows Markdown as text (no backticks, no double asterisks outside code)', async () => {
    const pages = [
      'index.html',
      'getting-started.html',
      'unspecified.html',
      'machines/index.html',
      ...Object.values(spec.machines).map((m) => `machines/${m.id}.html`),
    ];
    for (const file of pages) {
      await page.goto(url(file), { waitUntil: 'load' });
      const text = await page.evaluate(proseText);
      expect(text, file).not.toMatch(/`|\*\*/);
    }
  }, 120_000);

  it('getting started shows every section with its commands', async () => {
    await page.goto(url('getting-started.html'), { waitUntil: 'load' });
    for (const s of gettingStarted(spec).sections)
      await expect(page.locator(`section#${s.id} h2`).textContent()).resolves.toBe(s.title);
    await expect(page.locator('pre:visible').count()).resolves.toBeGreaterThan(5);
    await shot('getting-started');
  });

  it('every machine page draws its diagram: every state, every state change', async () => {
    await page.goto(url('machines/index.html'), { waitUntil: 'load' });
    for (const m of Object.values(spec.machines))
      expect(await page.locator(`a[href="${m.id}.html"]`).count(), m.id).toBe(1);
    for (const m of Object.values(spec.machines)) {
      await page.goto(url(`machines/${m.id}.html`), { waitUntil: 'load' });
      const svg = page.locator(`svg[data-machine="${m.id}"]`);
      await expect(svg.isVisible()).resolves.toBe(true);
      for (const state of m.states) {
        const box = await svg.locator(`g.state[data-state="${state}"] rect`).boundingBox();
        expect(box && box.width > 0 && box.height > 0, `${m.id} state ${state}`).toBe(true);
      }
      expect(await svg.locator('g.transition').count()).toBe(diagramEdges(m).length);
      expect(await page.locator('table.rows tbody tr').count()).toBe(m.rows.length);
      if (m.id === 'dreams') await shot('machine-dreams');
    }
  }, 300_000);

  it('the page of unspecified items lists every item of the spec', async () => {
    await page.goto(url('unspecified.html'), { waitUntil: 'load' });
    const ids = await page.locator('tr.unspecified-item').evaluateAll((rows) => rows.map((r) => r.id));
    expect(ids).toEqual(spec.unspecified.map((u) => u.id));
    expect(await page.getByText(UNSPECIFIED_MARK).count()).toBeGreaterThan(0);
  });

  it('Redoc renders the document with its code samples and short titles', async () => {
    const create = spec.endpoints.find((e) => e.id === 'dreams.create')!;
    await page.goto(`${url('redoc.html')}#/${create.family}/${create.id}`, { waitUntil: 'load' });
    await page.waitForFunction(
      (title) =>
        [...document.querySelectorAll('h1, h2')].some((h) => (h.textContent ?? '').trim().startsWith(title)),
      create.title,
    );
    await page.getByText('$MEMORY_STORE_ID').first().waitFor();
    await shot('redoc');
  }, 120_000);

  it('on a narrow window the samples follow the text', async () => {
    await page.setViewportSize({ width: 820, height: 1000 });
    await page.goto(`${url('index.html')}#/dreams/dreams.create`, { waitUntil: 'load' });
    const section = page.locator('section[data-operation="dreams.create"]');
    const text = await section.locator('.op-text').boundingBox();
    const samples = await section.locator('aside').boundingBox();
    expect(text && samples && samples.y > text.y + text.height - 1).toBe(true);
    await shot('reference-narrow');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('no page logged a console error or asked for anything outside the machine', () => {
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
  });
});
