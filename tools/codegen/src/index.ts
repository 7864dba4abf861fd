export { bannerText, tsBanner } from './banner.js';
export { type ClientModel, clientModel } from './client.js';
export {
  addCodeSamples,
  CLIENT_PACKAGE,
  type CodeSample,
  codeSamples,
  type OperationSamples,
  SAMPLE_LABELS,
  type SampleEnvironment,
  sampleEnvironment,
} from './code-samples.js';
export { GENERATED_DIRS, generateAll, requirementsDocument } from './generate.js';
export { buildOpenApi } from './openapi.js';
export { buildValidators, headerSchema, validatorName } from './validators.js';
