/**
 * Getting started, as data: start the sandbox, a first call, a first batch, a first dream. A step
 * is a shell command, or an operation whose samples are the reference's own (`x-codeSamples` of
 * the document: curl and the client); what the reader keeps from an answer (an `id`) and how long
 * to poll are part of the step. The site renders it as `getting-started.html` (and `.md`); the
 * docs' test runs its commands in order against a sandbox started by its first command.
 */
import { CLIENT_PACKAGE, sampleEnvironment } from '@vendor-api/codegen';
import { BANNER_LABELS, TEST_CONTROL_PREFIX, TEST_CONTROL_TOKEN_HEADER } from '@vendor-api/reference-server';
import { controlPath, dreamRules, type VendorSpec } from '@vendor-api/spec';
import { escapeHtml, operationHref, page } from './html.js';
import { blocks, inline } from './markdown.js';
import { documentSamples } from './reference.js';
import { CARD_STYLE, type Panel, sampleHtml, TABS_SCRIPT, tabs } from './reference-page.js';

/** The variable holding the sandbox's control token (the conformance CLI reads it too). */
export const CONTROL_TOKEN_VARIABLE = 'VENDOR_API_CONTROL_TOKEN';

export interface GuideStep {
  /** What to do and why, in Markdown. */
  readonly text: string;
  /** A command of its own; else `operation` names the operation whose samples the step shows. */
  readonly shell?: string;
  readonly operation?: string;
  /** The command keeps running (the sandbox): it gets a terminal of its own. */
  readonly background?: boolean;
  /** Variables set from the sandbox's banner, written `'<label>'` in `shell`: variable → label. */
  readonly fromBanner?: Readonly<Record<string, string>>;
  /** Variables the reader keeps from the JSON answer: variable → field. */
  readonly keep?: Readonly<Record<string, string>>;
  /** Run again until the answer's field is set (not null), or holds one of `values`. */
  readonly until?: { readonly field: string; readonly values?: readonly string[] };
}

export interface GuideSection {
  readonly id: string;
  readonly title: string;
  readonly steps: readonly GuideStep[];
}

export interface Guide {
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly GuideSection[];
}

/** How a banner value is written in a command before the reader pastes it. */
export const bannerPlaceholder = (label: string) => `'<${label}>'`;

export function gettingStarted(spec: VendorSpec): Guide {
  const v = spec.vendor;
  const env = sampleEnvironment(v);
  const fromBanner = {
    [env.baseUrl]: BANNER_LABELS.baseUrl,
    [env.apiKey]: BANNER_LABELS.workspaceKey,
    [CONTROL_TOKEN_VARIABLE]: BANNER_LABELS.controlToken,
  };
  const memoryStore = [
    `curl "$${env.baseUrl}${TEST_CONTROL_PREFIX}${controlPath('memory-stores.create')}"`,
    `-H "${TEST_CONTROL_TOKEN_HEADER}: $${CONTROL_TOKEN_VARIABLE}"`,
    `-H "content-type: application/json"`,
    `--data '{ "name": "notes" }'`,
  ].join(' \\\n  ');
  return {
    title: 'Getting started',
    intro: `From nothing to a first message, a first batch and a first dream against the local sandbox, in a terminal with \`curl\` (each call's \`${CLIENT_PACKAGE}\` tab is the same call from TypeScript). Every command below is the reference's own sample, run as printed by the docs' test.`,
    sections: [
      {
        id: 'start',
        title: 'Start the sandbox',
        steps: [
          {
            text: `In a clone of the repository, after \`corepack pnpm install --frozen-lockfile\`, start the reference server as a local sandbox and leave it running (where the package \`@vendor-api/reference-server\` is installed, \`npx reference-server --test-control\` does the same). It listens on 127.0.0.1 and prints its base URL, a workspace key, an admin key and a control token.`,
            shell: 'corepack pnpm start',
            background: true,
          },
          {
            text: `In another terminal, set the variables the samples read, from what it printed (the \`${BANNER_LABELS.baseUrl}:\`, \`${BANNER_LABELS.workspaceKey}:\` and \`${BANNER_LABELS.controlToken}:\` lines):`,
            shell: Object.entries(fromBanner)
              .map(([name, label]) => `export ${name}=${bannerPlaceholder(label)}`)
              .join('\n'),
            fromBanner,
          },
        ],
      },
      {
        id: 'first-call',
        title: 'A first call',
        steps: [
          {
            text: 'Create a message. The answer is a message object with the reply of the sandbox’s stand-in model and the tokens it counted.',
            operation: 'messages.create',
          },
        ],
      },
      {
        id: 'first-batch',
        title: 'A first batch',
        steps: [
          {
            text: 'Send message requests as a batch: each has a `custom_id` of yours and is processed in the background.',
            operation: 'messages.batches.create',
            keep: { MESSAGE_BATCH_ID: 'id' },
          },
          {
            text: 'Retrieve the batch until its `results_url` is set: it has ended (a few seconds in the sandbox).',
            operation: 'messages.batches.retrieve',
            until: { field: 'results_url' },
            keep: { RESULTS_URL: 'results_url' },
          },
          {
            text: 'Download the results: one JSON line per request, to match by `custom_id` (their order is not the order sent).',
            operation: 'messages.batches.results',
          },
        ],
      },
      {
        id: 'first-dream',
        title: 'A first dream',
        steps: [
          {
            text: 'A dream reads a memory store and past sessions, and writes what it learned to a new memory store. The documents show no endpoint that makes memory stores: the sandbox’s test control makes one.',
            shell: memoryStore,
            keep: { MEMORY_STORE_ID: 'id' },
          },
          {
            text: 'A session names an environment; the documents show no endpoint for environments either, and the sandbox takes any id.',
            shell: 'export ENVIRONMENT_ID=env_getting_started',
          },
          {
            text: 'Create a session that attaches the memory store.',
            operation: 'sessions.create',
            keep: { SESSION_ID: 'id' },
          },
          {
            text: 'Start a dream over the memory store and the session.',
            operation: 'dreams.create',
            keep: { DREAM_ID: 'id' },
          },
          {
            text: `Poll the dream until its \`status\` is ${dreamRules.TERMINAL_STATUSES.map((s) => `\`${s}\``).join(', ')} (a few seconds in the sandbox; hours in the service). Its \`outputs\` name the memory store it wrote.`,
            operation: 'dreams.retrieve',
            until: { field: 'status', values: dreamRules.TERMINAL_STATUSES },
          },
        ],
      },
      {
        id: 'next',
        title: 'Next',
        steps: [
          {
            text: `Every operation, with its curl and client samples, parameters and responses: [the reference](index.html). How a batch, a dream, a workspace and a federation rule change state: [the state machines](machines/index.html). What the documents leave open: [not specified](unspecified.html).`,
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// the page, and the same as Markdown

/** What a step asks after its command: the values to keep, and when to stop polling. */
function afterwards(step: GuideStep): string[] {
  const out: string[] = [];
  if (step.until) {
    const values = step.until.values?.map((x) => `\`${x}\``).join(', ');
    out.push(`Run it again until \`${step.until.field}\` is ${values ? `one of ${values}` : 'set'}.`);
  }
  for (const [name, field] of Object.entries(step.keep ?? {}))
    out.push(`Keep its \`${field}\`: \`export ${name}=…\` (the value of \`${field}\` in the answer).`);
  return out;
}

/** The page `getting-started.html`, its samples taken from the document. */
export function guideHtml(guide: Guide, document: unknown, spec: VendorSpec): string {
  const samples = documentSamples(document);
  const brand = `${spec.vendor.displayName} API`;
  const stepHtml = (step: GuideStep) => {
    const sample = step.operation ? samples.get(step.operation) : undefined;
    const panels: Panel[] = sample
      ? [
          {
            key: 'curl',
            label: 'curl',
            html: `<pre class="code"><code>${sampleHtml(sample.curl)}</code></pre>`,
            copy: true,
          },
          {
            key: 'client',
            label: CLIENT_PACKAGE,
            html: `<pre class="code"><code>${sampleHtml(sample.client)}</code></pre>`,
            copy: true,
          },
        ]
      : step.shell
        ? [
            {
              key: 'shell',
              label: 'shell',
              html: `<pre class="code"><code>${sampleHtml(step.shell)}</code></pre>`,
              copy: true,
            },
          ]
        : [];
    const e = spec.endpoints.find((x) => x.id === step.operation);
    const operation = e
      ? `<p class="hint">In the reference: <a href="${operationHref(e)}">${escapeHtml(e.title)}</a></p>`
      : '';
    return `<div class="step">${blocks(step.text)}${tabs('', panels, sample ? 'sample' : undefined)}${afterwards(
      step,
    )
      .map((t) => `<p class="keep">${inline(t)}</p>`)
      .join('')}${operation}</div>`;
  };
  const body = `<h1>${escapeHtml(guide.title)}</h1>
${blocks(guide.intro)}
<ol class="toc">${guide.sections.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`).join('')}</ol>
${guide.sections
  .map(
    (s) =>
      `<section id="${s.id}"><h2>${escapeHtml(s.title)}</h2>${s.steps.map(stepHtml).join('\n')}</section>`,
  )
  .join('\n')}`;
  return page(`${brand}: ${guide.title}`, body, {
    brand,
    current: 'getting-started.html',
    style: GUIDE_STYLE + CARD_STYLE,
    script: TABS_SCRIPT,
  });
}

/** The same guide as Markdown (`getting-started.md`). */
export function guideMarkdown(guide: Guide, document: unknown): string {
  const samples = documentSamples(document);
  const out = [`# ${guide.title}`, '', guide.intro, ''];
  for (const s of guide.sections) {
    out.push(`## ${s.title}`, '');
    for (const step of s.steps) {
      out.push(step.text, '');
      const sample = step.operation ? samples.get(step.operation) : undefined;
      if (sample) out.push('```sh', sample.curl, '```', '', '```ts', sample.client, '```', '');
      else if (step.shell) out.push('```sh', step.shell, '```', '');
      for (const t of afterwards(step)) out.push(t, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

const GUIDE_STYLE = `
.content { max-width: 52rem; }
.toc { columns: 2; }
section { margin-top: 2.2rem; }
.step { margin: 1.2rem 0 1.6rem; }
.step .card { margin: .6rem 0; }
.keep { font-size: 14px; color: var(--muted); margin: .3rem 0; }
`;
