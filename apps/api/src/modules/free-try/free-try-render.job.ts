import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, LIMITS } from '@estancia/contracts';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { Storage } from '../../infra/storage/storage.port';
import { EngineRouter } from '../decorations/engine/engine-router.service';
import { StagingTimeoutError } from '../decorations/engine/staging-engine.port';
import { stagingPrompt } from '../decorations/engine/staging-prompt';
import { applyWatermark } from '../decorations/watermark';
import { PREVIEW_SIDE } from '../projects/image-processing';
import { freeTryFolder, versionKeys } from './free-try-files';

interface RenderSource {
  originalKey: string;
  width: number;
  height: number;
  version: number;
}

type Landed =
  { outcome: 'landed'; expiresAt: Date; replaced: number } | { outcome: 'done' | 'superseded' | 'gone' };

/** The preview a visitor sees: preview size and marked, so the clean full-size result stays the paid (or e-mailed) one. */
export async function watermarkedPreview(result: Buffer): Promise<Buffer> {
  const small = await sharp(result)
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
  return applyWatermark(small);
}

/**
 * The `free-try.render` job: decorates the try's photo with the staging engine and makes that version
 * the one shown, replacing the earlier one (whose files go). Landing is a conditional UPDATE on the
 * version under the row's lock, so a second run, or an older render finishing after a newer one,
 * changes nothing. A failed render leaves nothing: its files go, and a first render's row with them.
 */
@Injectable()
export class FreeTryRenderJob {
  private readonly logger = new Logger('FreeTryRender');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engines: EngineRouter,
    private readonly storage: Storage,
    private readonly jobs: JobQueue,
  ) {}

  @OnJob('free-try.render')
  async render(data: JobOf<'free-try.render'>): Promise<void> {
    const source = await this.source(data.freeTryId);
    // Deleted meanwhile (expired): nothing to render for.
    if (!source) throw new AppError(ErrorCode.FREE_TRY_EXPIRED);
    if (source.version >= data.version) return;
    const keys = versionKeys(data.freeTryId, data.version);
    let landed: Landed;
    try {
      const image = await this.storage.get(source.originalKey);
      const { image: result } = await this.engines.render(
        'free_try',
        {
          image,
          width: source.width,
          height: source.height,
          roomType: data.roomType,
          style: data.style,
          seed: data.seed,
          prompt: stagingPrompt(data.roomType, data.style),
        },
        { signal: AbortSignal.timeout(this.config.RENDER_TIMEOUT_SECONDS * 1000) },
      );
      const preview = await watermarkedPreview(result);
      // Fixed keys per version: a second run overwrites the same two files.
      await this.storage.put(keys.result, result);
      await this.storage.put(keys.preview, preview);
      landed = await this.land(data, keys);
    } catch (error) {
      await this.discard(data.freeTryId, data.version);
      throw renderError(error, this.logger, data.freeTryId);
    }
    if (landed.outcome === 'gone') {
      // The try expired while rendering: what this run wrote must not outlive it.
      await this.removeQuietly(freeTryFolder(data.freeTryId));
      throw new AppError(ErrorCode.FREE_TRY_EXPIRED);
    }
    if (landed.outcome === 'superseded') await this.removeQuietly(keys.folder);
    if (landed.outcome !== 'landed') return;
    if (landed.replaced > 0) await this.removeQuietly(versionKeys(data.freeTryId, landed.replaced).folder);
    // One expiry job per version; a later redecoration moves the expiry and schedules its own.
    await this.jobs
      .add(
        'free-try.expire',
        { freeTryId: data.freeTryId },
        {
          jobId: `${data.freeTryId}-v${data.version}`,
          delay: Math.max(0, landed.expiresAt.getTime() - Date.now()) + 1000,
        },
      )
      .catch((error: unknown) =>
        this.logger.warn(
          `Expiry of free try ${data.freeTryId} not scheduled (the sweep will do): ${String(error)}`,
        ),
      );
  }

  /**
   * Removes what a render that did not land left: its version's files; for a first render also the
   * still-rendering row and the whole folder (the uploaded photo). A version that did land stays.
   */
  async discard(freeTryId: string, version: number): Promise<void> {
    try {
      if (version === 1) {
        await this.dataSource.query(`DELETE FROM free_tries WHERE id = $1 AND state = 'rendering'`, [
          freeTryId,
        ]);
        const [row] = (await this.dataSource.query(`SELECT 1 FROM free_tries WHERE id = $1`, [
          freeTryId,
        ])) as unknown[];
        if (!row) await this.storage.deletePrefix(freeTryFolder(freeTryId));
        return;
      }
      const source = await this.source(freeTryId);
      if (source?.version !== version)
        await this.storage.deletePrefix(versionKeys(freeTryId, version).folder);
    } catch (error) {
      this.logger.error(`Free try ${freeTryId} v${version} not cleaned up: ${String(error)}`);
    }
  }

  private async source(freeTryId: string): Promise<RenderSource | null> {
    const [row] = (await this.dataSource.query(
      `SELECT original_key AS "originalKey", width, height, version FROM free_tries WHERE id = $1`,
      [freeTryId],
    )) as RenderSource[];
    return row ?? null;
  }

  private async land(
    data: JobOf<'free-try.render'>,
    keys: { result: string; preview: string },
  ): Promise<Landed> {
    return this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(`SELECT version FROM free_tries WHERE id = $1 FOR UPDATE`, [
        data.freeTryId,
      ])) as { version: number }[];
      if (!row) return { outcome: 'gone' };
      if (row.version === data.version) return { outcome: 'done' };
      if (row.version > data.version) return { outcome: 'superseded' };
      // The 15 minutes count from when these images were made.
      const [updated] = (await m.query(
        `UPDATE free_tries SET state = 'ready', version = $2, room_type = $3, style = $4, result_key = $5,
           preview_key = $6, rendered_at = now(), expires_at = now() + make_interval(mins => $7)
         WHERE id = $1 RETURNING expires_at`,
        [
          data.freeTryId,
          data.version,
          data.roomType,
          data.style,
          keys.result,
          keys.preview,
          LIMITS.freeTryExpiryMinutes,
        ],
      )) as [{ expires_at: Date }[], number];
      return { outcome: 'landed', expiresAt: updated[0].expires_at, replaced: row.version };
    });
  }

  private async removeQuietly(prefix: string): Promise<void> {
    await this.storage.deletePrefix(prefix).catch((error: unknown) => {
      this.logger.warn(`Files under ${prefix} not removed: ${String(error)}`);
    });
  }
}

/** The job fails with an error code as its message: the waiting request answers with it. */
function renderError(error: unknown, logger: Logger, freeTryId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof StagingTimeoutError || (error as Error)?.name === 'TimeoutError')
    return new AppError(ErrorCode.GENERATION_TIMEOUT);
  logger.warn(`Render of free try ${freeTryId} failed: ${String(error)}`);
  return new AppError(ErrorCode.GENERATION_ERROR);
}
