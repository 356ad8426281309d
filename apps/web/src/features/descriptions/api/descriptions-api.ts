import type {
  Description,
  DescriptionFactsRequest,
  DescriptionVersion,
  ProjectDescriptions,
} from '@estancia/contracts';
import { api } from '../../../shared/api';

export const descriptionsApi = {
  list: (projectId: string) => api.get<ProjectDescriptions>(`project/${projectId}/descriptions`),
  /** 201 with the written version, or 202 with a pending one whose text comes by DescriptionConfirmation. */
  generate: (projectId: string, facts: DescriptionFactsRequest) =>
    api.post<DescriptionVersion>(`project/${projectId}/descriptions`, facts),
  regenerate: (descriptionId: string) =>
    api.post<DescriptionVersion>(`description/${descriptionId}/regenerate`),
  restore: (descriptionId: string, versionId: string) =>
    api.post<Description>(`description/${descriptionId}/restore/${versionId}`),
};
