import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { projectKey, refreshProject } from './live-updates';

describe('refreshProject', () => {
  it('reads the project again when the confirmation arrives while its first read is still under way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((value: string) => void)[] = [];
    // The Project view's observer: its first read starts at once and is still waiting for the API.
    const observer = new QueryObserver(client, {
      queryKey: projectKey('p1'),
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(answers).toHaveLength(1);

    void refreshProject(client, 'p1');
    // The read under way may have been answered before the change: a second read must follow.
    await expect.poll(() => answers.length).toBe(2);
    answers[0]('before the draft was ready');
    answers[1]('with the draft ready');
    await expect.poll(() => client.getQueryData(projectKey('p1'))).toBe('with the draft ready');
    unsubscribe();
  });
});
