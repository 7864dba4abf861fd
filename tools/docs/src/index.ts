export { type BuildOptions, type BuildResult, buildSite } from './build.js';
export { diagramEdges, machineSvg } from './machines.js';
export { annotate, UNSPECIFIED_MARK } from './reference.js';
