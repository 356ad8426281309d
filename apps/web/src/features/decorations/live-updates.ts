import type { QueryClient } from '@tanstack/react-query';
import type { DecorationProgressEvent, ProjectDetail } from '@estancia/contracts';

export const projectKey = (id: string) => ['project', id] as const;
export const versionsKey = (decorationId: string) => ['decoration', decorationId, 'versions'] as const;

/** A progress event moves its decoration's bar in the cached project, without a call to the API. */
export function applyDecorationProgress(client: QueryClient, event: DecorationProgressEvent): void {
  client.setQueryData<ProjectDetail>(projectKey(event.projectId), (project) => {
    if (!project) return project;
    return {
      ...project,
      decorations: project.decorations.map((decoration) =>
        decoration.id === event.decorationId
          ? // Events may arrive out of order: the bar never goes back within one render.
            { ...decoration, stage: event.stage, percent: Math.max(decoration.percent, event.percent) }
          : decoration,
      ),
    };
  });
}

/**
 * A finished (or redone) decoration: the project is read again so its result appears without a reload.
 * A first read still under way may have been answered before the change, and invalidating would only
 * join it (a query without data is never restarted), so it is cancelled and read again.
 */
export async function refreshProject(client: QueryClient, projectId: string): Promise<void> {
  void client.invalidateQueries({ queryKey: ['projects'] });
  await client.cancelQueries({ queryKey: projectKey(projectId) });
  await client.invalidateQueries({ queryKey: projectKey(projectId) });
}
