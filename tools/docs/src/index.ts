export { type BuildOptions, type BuildResult, buildSite } from './build.js';
export {
  type Guide,
  type GuideSection,
  type GuideStep,
  gettingStarted,
  guideHtml,
  guideMarkdown,
} from './getting-started.js';
export { diagramEdges, machineSvg } from './machines.js';
export { annotate, documentSamples, notesHtml, UNSPECIFIED_MARK } from './reference.js';
export { referencePage } from './reference-page.js';
