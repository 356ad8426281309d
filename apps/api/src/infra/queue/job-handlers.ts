import type { JobName } from './jobs';

/** A method found with `@OnJob`, named by its class for boot messages. */
export interface FoundHandler {
  job: string;
  owner: string;
  run: (data: unknown) => Promise<unknown>;
}

export class JobHandlerError extends Error {}

/**
 * The boot check: every declared job has exactly one handler, and no handler names an undeclared
 * job. Returns the handler of each job or throws one error listing every problem.
 */
export function resolveJobHandlers(
  declared: readonly JobName[],
  found: readonly FoundHandler[],
): Map<JobName, FoundHandler> {
  const problems: string[] = [];
  const byJob = new Map<JobName, FoundHandler>();
  const known = new Set<string>(declared);
  for (const handler of found) {
    if (!known.has(handler.job))
      problems.push(`${handler.owner} handles "${handler.job}", which is not declared in jobs.ts`);
  }
  for (const job of declared) {
    const handlers = found.filter((h) => h.job === job);
    if (handlers.length === 0) problems.push(`job "${job}" has no @OnJob handler`);
    else if (handlers.length > 1)
      problems.push(
        `job "${job}" has ${handlers.length} handlers: ${handlers.map((h) => h.owner).join(', ')}`,
      );
    else byJob.set(job, handlers[0]);
  }
  if (problems.length) throw new JobHandlerError(`Job handlers are wrong:\n  ${problems.join('\n  ')}`);
  return byJob;
}
