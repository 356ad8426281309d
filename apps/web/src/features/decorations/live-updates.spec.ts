import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '@estancia/contracts';
import { applyDecorationProgress, projectKey } from './live-updates';
import { aDecoration, anImage, aProjectDetail, PROJECT_ID } from './test-data';

/** A client whose project query counts its reads (the cached detail answers them). */
function clientWith(detail: ProjectDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const read = vi.fn(async () => client.getQueryData<ProjectDetail>(projectKey(PROJECT_ID)) ?? detail);
  client.setQueryData(projectKey(PROJECT_ID), detail);
  // An observer, as the project page has: an invalidated query with one is read again.
  const observer = new QueryObserver(client, { queryKey: projectKey(PROJECT_ID), queryFn: read });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, read, unsubscribe };
}

const ready = (decorationId: string) => ({
  decorationId,
  projectId: PROJECT_ID,
  stage: 'ready' as const,
  percent: 100,
});

describe('decoration progress in the cached project', () => {
  it('marks a supervised decoration whose AI draft is ready as waiting for review, and reads the project again', async () => {
    const detail = aProjectDetail({
      images: [anImage('img-1')],
      decorations: [aDecoration('d1', 'img-1', { type: 'supervised', stage: 'rendering', percent: 60 })],
    });
    const { client, read, unsubscribe } = clientWith(detail);
    applyDecorationProgress(client, ready('d1'));
    const cached = client.getQueryData<ProjectDetail>(projectKey(PROJECT_ID))!;
    expect(cached.decorations[0]).toMatchObject({ state: 'pending', stage: 'ready', awaitingReview: true });
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    unsubscribe();
  });

  it('only moves the bar of an automatic decoration (its confirmation brings the result)', async () => {
    const detail = aProjectDetail({
      images: [anImage('img-1')],
      decorations: [aDecoration('d1', 'img-1', { type: 'automatic', stage: 'saving', percent: 90 })],
    });
    const { client, read, unsubscribe } = clientWith(detail);
    applyDecorationProgress(client, ready('d1'));
    const cached = client.getQueryData<ProjectDetail>(projectKey(PROJECT_ID))!;
    expect(cached.decorations[0]).toMatchObject({ stage: 'ready', percent: 100, awaitingReview: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('reads the project again when a finished decoration is not in the cached project yet', async () => {
    // The project was read before the order reached it, and that answer landed after the event.
    const detail = aProjectDetail({ images: [anImage('img-1')], decorations: [] });
    const { client, read, unsubscribe } = clientWith(detail);
    applyDecorationProgress(client, { ...ready('d2'), stage: 'rendering', percent: 40 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).not.toHaveBeenCalled();
    applyDecorationProgress(client, ready('d2'));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    unsubscribe();
  });
});
