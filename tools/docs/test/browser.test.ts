/**
 * The built reference in a real headless browser (Debian's chromium through playwright-core),
 * offline: every request that would leave the machine is refused and counted. Every page opens
 * without a console error, the reference shows every operation and links every machine page, and
 * every machine page draws its diagram with every state.
 *
 * Without chromium at CHROMIUM_PATH (default /usr/bin/chromium) the test is skipped with a
 * message, unless VENDOR_API_REQUIRE_BROWSER=1 (CI sets it), which makes its absence a failure.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { document as openapi } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.js';
import { diagramEdges } from '../src/machines.js';
import { UNSPECIFIED_MARK } from '../src/reference.js';

/** The page's own `document`, inside functions that run in the browser (no DOM types here). */
declare const document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const REQUIRED = process.env.VENDOR_API_REQUIRE_BROWSER === '1';
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

describe.skipIf(!available && !REQUIRED)('the built reference in headless chromium', () => {
  let site = '';
  let profile = '';
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  const outside: string[] = [];
  const url = (file: string) => pathToFileURL(join(site, file)).href;

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `chromium is required here and missing at ${CHROMIUM}`).toBe(true);
    site = await mkdtemp(join(tmpdir(), 'vendor-docs-site-'));
    profile = await mkdtemp(join(tmpdir(), 'vendor-docs-profile-'));
    await buildSite({ out: site, spec, document: openapi });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
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

  it('the reference shows every operation, links every machine page and marks what is not specified', async () => {
    await page.goto(url('index.html'), { waitUntil: 'load' });
    await page.locator('a[href="unspecified.html"]').first().waitFor({ state: 'attached' });
    for (const m of Object.values(spec.machines))
      expect(await page.locator(`a[href="machines/${m.id}.html"]`).count(), m.id).toBeGreaterThan(0);
    expect(await page.locator(`a[href="unspecified.html"]`).count()).toBeGreaterThan(0);

    // Each operation opens at its address (the one the machine pages link to): its summary is the
    // heading, its description links the places the documents leave open.
    for (const e of spec.endpoints) {
      await page.evaluate(`location.hash = ${JSON.stringify(`#/${e.family}/${e.id}`)}`);
      // Markdown renders code spans as <code> and quotes typographically: compare plain text.
      await page.waitForFunction((summary) => {
        const plain = (t: string) =>
          t
            .replace(/[`]/g, '')
            .replace(/[\u2018\u2019]/g, "'")
            .replace(/[\u201c\u201d]/g, '"');
        return [...document.querySelectorAll('h1, h2')].some((h) =>
          plain(h.textContent ?? '').includes(plain(summary)),
        );
      }, e.summary);
      if (e.unspecified.length)
        await page
          .locator(`a[href="unspecified.html#${e.unspecified[0]}"]`)
          .first()
          .waitFor({ state: 'attached' });
    }
    expect(await page.getByText(UNSPECIFIED_MARK).count()).toBeGreaterThan(0);
  }, 300_000);

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
    }
  }, 300_000);

  it('the page of unspecified items lists every item of the spec', async () => {
    await page.goto(url('unspecified.html'), { waitUntil: 'load' });
    const ids = await page.locator('tr.unspecified-item').evaluateAll((rows) => rows.map((r) => r.id));
    expect(ids).toEqual(spec.unspecified.map((u) => u.id));
  });

  it('no page logged a console error or asked for anything outside the machine', () => {
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
  });
});
