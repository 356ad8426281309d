import type { QueryClient } from '@tanstack/react-query';
import type { DecorationProgressEvent, ProjectDetail } from '@estancia/contracts';

export const projectKey = (id: string) => ['project', id] as const;
export const versionsKey = (decorationId: string) => ['decoration', decorationId, 'versions'] as const;

/**
 * A progress event moves its decoration's bar in the cached project, without a call to the API. A supervised
 * decoration's AI draft reaching `ready` is not a result (no SendProjectDecorationConfirm follows): it now waits
 * for staff review, so the project is read again for its review status. So is a project that does not know the
 * decoration yet (its first read still under way, or answered before the order): a finished stage must not be
 * lost to a read that began before it.
 */
export function applyDecorationProgress(client: QueryClient, event: DecorationProgressEvent): void {
  let draftDone = false;
  let known = false;
  client.setQueryData<ProjectDetail>(projectKey(event.projectId), (project) => {
    if (!project) return project;
    return {
      ...project,
      decorations: project.decorations.map((decoration) => {
        if (decoration.id !== event.decorationId) return decoration;
        known = true;
        draftDone =
          decoration.type === 'supervised' && decoration.state === 'pending' && event.stage === 'ready';
        // Events may arrive out of order: the bar never goes back within one render.
        const moved = {
          ...decoration,
          stage: event.stage,
          percent: Math.max(decoration.percent, event.percent),
        };
        return draftDone ? { ...moved, awaitingReview: true } : moved;
      }),
    };
  });
  if (draftDone || (!known && event.stage === 'ready')) void refreshProject(client, event.projectId);
}

/** Events sent while the hub was out of reach are lost: the projects on screen are read again. */
export function refreshOpenProjects(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['project'] });
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
