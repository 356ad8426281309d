import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { DescriptionRecords } from './description-records';
import { DescriptionOutcomes } from './description-outcomes.service';
import { DescriptionTimeoutError, DescriptionWriter } from './writer/description-writer.port';

/**
 * The `description.write` job: writes a pending version's text. Landing is a conditional UPDATE on the
 * pending state, so a second run writes nothing and confirms nothing; a failure refunds the version's
 * credits and fails the job with the error code the waiting request answers.
 */
@Injectable()
export class DescriptionWriteJob {
  constructor(
    private readonly records: DescriptionRecords,
    private readonly writer: DescriptionWriter,
    private readonly outcomes: DescriptionOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob('description.write')
  async write({ versionId }: JobOf<'description.write'>): Promise<{ versionId: string }> {
    const row = await this.records.versionRow(versionId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    if (row.state === 'failed') throw new AppError(ErrorCode.GENERATION_ERROR);
    if (row.state === 'ready') return { versionId };
    let text: string;
    try {
      text = await this.writer.write(
        { facts: row.facts, seed: row.seed },
        { signal: AbortSignal.timeout((this.config.LLM_TIMEOUT_SECONDS + 5) * 1000) },
      );
    } catch (error) {
      await this.outcomes.fail(versionId);
      throw new AppError(
        error instanceof DescriptionTimeoutError ? ErrorCode.GENERATION_TIMEOUT : ErrorCode.GENERATION_ERROR,
      );
    }
    await this.outcomes.land(versionId, text);
    return { versionId };
  }
}
