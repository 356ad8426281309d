import { SetMetadata } from '@nestjs/common';
import type { JobName } from './jobs';

export const ON_JOB = 'queue:on-job';

/** Marks a provider method as the one handler of a job; it receives the job's payload. */
export const OnJob = (name: JobName): MethodDecorator => SetMetadata(ON_JOB, name);
