import type { QueryClient } from '@tanstack/react-query';
import type { DescriptionVersion } from '@estancia/contracts';

export const descriptionsKey = (projectId: string) => ['descriptions', projectId] as const;

/** DescriptionConfirmation: a version was written (or failed); its project's descriptions are read again. */
export function applyDescriptionConfirmation(client: QueryClient, payload: { decoration: unknown }): void {
  const version = payload.decoration as Partial<DescriptionVersion> | null;
  if (version?.projectId) void client.invalidateQueries({ queryKey: descriptionsKey(version.projectId) });
}
