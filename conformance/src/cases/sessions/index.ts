import {
  filesWorkspaceScoped,
  memoryStoreAttachmentFields,
  memoryStoreNameNotPropagated,
  repositoryCheckout,
} from './attachments.js';
import { betaRequired } from './betas.js';
import { createAttachesMemoryStores, createRefusesForeignStore } from './create-session.js';
import { deleteResource } from './delete.js';
import { fileMustBeUploaded, fileResources } from './file-resources.js';
import { resourceList } from './list.js';
import { rotationForRepositories, rotationRefusedForFiles } from './rotation.js';

export const cases = [
  fileResources,
  fileMustBeUploaded,
  resourceList,
  rotationRefusedForFiles,
  rotationForRepositories,
  deleteResource,
  betaRequired,
  createAttachesMemoryStores,
  createRefusesForeignStore,
  memoryStoreAttachmentFields,
  memoryStoreNameNotPropagated,
  repositoryCheckout,
  filesWorkspaceScoped,
] as const;
