import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PROJECT_STATUS,
  type DecorationEventData,
  type DecorationStage,
  type DecorationState,
  type DecorationType,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { DomainEvents } from '../../infra/events/domain-events';
import { JobQueue } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { Realtime } from '../../infra/realtime/realtime.service';
import { Storage } from '../../infra/storage/storage.port';
import { ReviewQueue } from '../review/review-queue.service';
import { WalletService } from '../wallet/wallet.service';
import { DecorationRepository } from './decoration.repository';
import { deliverDecoration, RENDER_ATTEMPTS, renderJob, resultKeys } from './decorations.service';
import type { DecorationFailure } from './decoration.entity';
import { EngineRouter, type RoutedResult } from './engine/engine-router.service';
import { stagingPrompt } from './engine/staging-prompt';
import { StagingTimeoutError, type StagingStage } from './engine/staging-engine.port';
import {
  checkAgainst,
  structureReference,
  type StructureCheck,
  type StructureReference,
} from './engine/structure-guard';

export const THUMBNAIL_WIDTH = 400;

/** What a render needs, read in one query; only while the version is still pending. */
interface RenderJob {
  versionId: string;
  decorationId: string;
  projectId: string;
  userId: string;
  type: DecorationType;
  credits: number;
  emptyRoom: boolean;
  number: number;
  roomType: RoomType;
  style: Style;
  seed: number;
  originalKey: string;
  width: number;
  height: number;
}

/** Engine progress mapped onto the whole job's bar: analysing 5–30 %, rendering 30–90 %, saving 90 %. */
const overall = (stage: StagingStage, percent: number): number =>
  Math.round(stage === 'analysing' ? 5 + percent * 0.25 : 30 + percent * 0.6);

class RenderTimeout extends Error {}

/** What a render that the guard could not compare is delivered with. */
const UNCHECKED: StructureCheck = { score: 1, changed: false, threshold: 0 };

/** What a finished render writes on its version besides the files. */
interface Rendered {
  engine: string;
  seed: number;
  structure: StructureCheck;
  addedKey: string | null;
}

type FinishOutcome = 'finished' | 'done' | 'gone';

/** How often a worker queues again the renders left pending without a job (see `requeueStranded`). */
export const STRANDED_SWEEP_MS = 60_000;

/**
 * The `decoration.render` job. Credits were charged at order time; this job only produces the
 * result. Finishing (or failing) a version is a conditional UPDATE on its pending state inside the
 * transaction that also moves the counters, so a job that runs twice completes (or refunds) once.
 */
@Injectable()
export class DecorationRenderer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DecorationRender');
  private sweep?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engines: EngineRouter,
    private readonly storage: Storage,
    private readonly wallet: WalletService,
    private readonly realtime: Realtime,
    private readonly jobs: JobQueue,
    private readonly reviews: ReviewQueue,
    private readonly decorations: DecorationRepository,
    private readonly events: DomainEvents,
  ) {}

  @OnJob('decoration.render')
  async render({ versionId }: JobOf<'decoration.render'>): Promise<void> {
    const job = await this.start(versionId);
    if (!job) return;
    try {
      // The owner hears the render started while the photo and the style reference load.
      const [photo, reference] = await Promise.all([
        this.storage.get(job.originalKey),
        this.styleReference(job),
        this.progress(job, 'analysing', 5),
      ]);
      // The photo's side of the structure check is prepared while the engine works.
      const structureOfPhoto = structureReference(photo, job).catch((error: unknown) => {
        this.logger.warn(`Structure guard could not read the photo: ${String(error)}`);
        return null;
      });
      let seed = job.seed;
      const keys = resultKeys(job.projectId, job.decorationId, job.versionId);
      let result = await this.runEngine(job, photo, seed, reference);
      await this.progress(job, 'saving', 90);
      // The files are stored while the guard looks: a retry overwrites the same keys.
      let [structure] = await Promise.all([
        this.checkStructure(await structureOfPhoto, result),
        this.store(keys, result),
      ]);
      if (structure.changed && job.type === 'automatic') {
        // Once more with a new seed, at no cost; a second miss is delivered flagged, with a free redo.
        this.logger.warn(
          `Structure changed in ${job.versionId} (score ${structure.score.toFixed(3)}); retrying`,
        );
        seed = randomInt(1, 2 ** 31 - 1);
        await this.progress(job, 'analysing', 5);
        result = await this.runEngine(job, photo, seed, reference);
        [structure] = await Promise.all([
          this.checkStructure(await structureOfPhoto, result),
          this.store(keys, result),
        ]);
      }
      const addedKey = result.added ? keys.added : null;
      const outcome = await this.finish(job, keys, { engine: result.engine, seed, structure, addedKey });
      if (outcome === 'finished') {
        await this.progress(job, 'ready', 100, false);
        // A supervised draft goes to staff review: the customer is told at its delivery (ReviewsService.approve).
        if (job.type !== 'supervised') {
          this.confirm(job);
          await this.events.publish('decoration.ready', job.userId, this.eventData(job, 'ready'));
        }
      } else if (outcome === 'gone') {
        // The project (or the decoration) was deleted while rendering: its files must not outlive it.
        await this.removeLeftovers(job);
      }
    } catch (error) {
      const timedOut = error instanceof RenderTimeout || error instanceof StagingTimeoutError;
      const attempts = await this.attempts(versionId);
      if (!timedOut && attempts < RENDER_ATTEMPTS) throw error; // BullMQ retries with backoff
      this.logger.warn(`Render of version ${versionId} failed for good: ${String(error)}`);
      await this.fail(job, timedOut ? 'GENERATION_TIMEOUT' : 'GENERATION_ERROR');
    }
  }

  /**
   * Versions left pending by a stopped worker or an enqueue that failed are queued again at start, and
   * every STRANDED_SWEEP_MS after it (a redo accepted while Redis was failing is rendered once it is back).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    await this.requeueStranded('0 seconds');
    this.sweep = setInterval(() => void this.requeueStranded('1 minute'), STRANDED_SWEEP_MS);
    this.sweep.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweep);
  }

  /**
   * Queues every pending version older than `olderThan` again. The job id is the version id, so a render
   * already queued or running is not added twice; one whose job is kept as failed (it burnt its attempts,
   * say against a database that was down) or completed while its version is still pending is run again, so
   * its decoration still ends in a result or a refund. A sweep that cannot reach Redis or PostgreSQL tries
   * again at the next one.
   */
  async requeueStranded(olderThan: string): Promise<number> {
    try {
      const stranded = await this.decorations.strandedVersions(olderThan);
      if (!stranded.length) return 0;
      const revived = await this.jobs.addAgain(
        'decoration.render',
        stranded.map((row) => renderJob(row.decorationId, row.id)),
      );
      if (revived) this.logger.warn(`Rendering again ${revived} pending render(s) whose job had ended`);
      // Mostly renders simply waiting their turn (a no-op to add again): said at start, quiet afterwards.
      const line = `Queued ${stranded.length} pending render(s) again`;
      if (olderThan === '0 seconds') this.logger.log(line);
      else this.logger.debug(line);
      return stranded.length;
    } catch (error) {
      this.logger.warn(`Pending renders not queued again (next sweep retries): ${String(error)}`);
      return 0;
    }
  }

  private async start(versionId: string): Promise<RenderJob | null> {
    // UPDATE ... RETURNING through query() answers [rows, affected] on PostgreSQL.
    const [rows] = (await this.dataSource.query(
      `UPDATE decoration_versions v SET attempts = v.attempts + 1
         FROM decorations d, project_images i
        WHERE v.id = $1 AND v.state = 'pending' AND d.id = v.decoration_id AND i.id = d.image_id
        RETURNING v.id AS "versionId", d.id AS "decorationId", d.project_id AS "projectId",
          d.user_id AS "userId", d.type, v.credits, v.empty_room AS "emptyRoom", v.number, v.room_type AS "roomType", v.style, v.seed,
          i.original_key AS "originalKey", i.width, i.height`,
      [versionId],
    )) as [RenderJob[], number];
    return rows[0] ?? null;
  }

  private async attempts(versionId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT attempts FROM decoration_versions WHERE id = $1`, [
      versionId,
    ])) as { attempts: number }[];
    return row?.attempts ?? RENDER_ATTEMPTS;
  }

  /** The structure guard; one that cannot compare never blocks a delivery. */
  private async checkStructure(
    reference: StructureReference | null,
    result: RoutedResult,
  ): Promise<StructureCheck> {
    if (!reference) return UNCHECKED;
    try {
      return await checkAgainst(reference, result.image, result.added);
    } catch (error) {
      this.logger.warn(`Structure guard could not compare: ${String(error)}`);
      return UNCHECKED;
    }
  }

  /** Fixed keys: a second run overwrites the same files, so there is only ever one result; the thumbnail last. */
  private async store(keys: ReturnType<typeof resultKeys>, result: RoutedResult): Promise<void> {
    if (result.added) await this.storage.put(keys.added, result.added);
    await this.storage.put(keys.result, result.image);
    const thumbnail = await sharp(result.image)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
    await this.storage.put(keys.thumbnail, thumbnail);
  }

  /** The property's earlier result in this style, when the style lock holds one; never a reason to fail. */
  private async styleReference(job: RenderJob): Promise<Buffer | undefined> {
    try {
      const key = await this.decorations.styleReference(job.projectId, job.decorationId, job.style, job.seed);
      return key ? await this.storage.get(key) : undefined;
    } catch (error) {
      this.logger.warn(`Style reference of ${job.versionId} not read: ${String(error)}`);
      return undefined;
    }
  }

  private async runEngine(
    job: RenderJob,
    image: Buffer,
    seed: number,
    reference: Buffer | undefined,
  ): Promise<RoutedResult> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new RenderTimeout(`render exceeded ${this.config.RENDER_TIMEOUT_SECONDS} s`));
        controller.abort();
      }, this.config.RENDER_TIMEOUT_SECONDS * 1000);
    });
    let lastStage: StagingStage = 'analysing';
    let lastPercent = 5;
    try {
      return await Promise.race([
        this.engines.render(
          job.type === 'supervised' ? 'supervised_draft' : 'automatic',
          {
            image,
            width: job.width,
            height: job.height,
            roomType: job.roomType,
            style: job.style,
            seed,
            prompt: stagingPrompt(job.roomType, job.style),
            emptyRoom: job.emptyRoom,
            reference,
          },
          {
            signal: controller.signal,
            // Pushed on a stage change or every 10 points, not on every tick of the engine.
            onProgress: (stage, percent) => {
              const value = overall(stage, percent);
              if (stage === lastStage && value - lastPercent < 10) return;
              const changed = stage !== lastStage;
              lastStage = stage;
              lastPercent = value;
              void this.progress(job, stage, value, changed);
            },
          },
          job.credits,
        ),
        timeout,
      ]);
    } catch (error) {
      // Whatever the engine answers once we gave up (an abort error, say), the cause is the time limit.
      if (controller.signal.aborted && !(error instanceof RenderTimeout))
        throw new RenderTimeout(String(error));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tells the owner at once; the stage is also stored so a reload shows where the render is. */
  private async progress(
    job: RenderJob,
    stage: DecorationStage,
    percent: number,
    store = true,
  ): Promise<void> {
    this.realtime.toUser(job.userId, 'DecorationProgress', {
      decorationId: job.decorationId,
      projectId: job.projectId,
      stage,
      percent,
    });
    if (!store) return;
    await this.dataSource
      .query(
        `UPDATE decorations SET stage = $2, percent = $3 WHERE id = $1 AND stage NOT IN ('ready', 'failed')`,
        [job.decorationId, stage, percent],
      )
      .catch((error: unknown) => this.logger.warn(`Progress not stored: ${String(error)}`));
  }

  /**
   * `finished` for the one run that moved the version from pending to ready, `done` when another run
   * already did, `gone` when the version no longer exists (its project or decoration was deleted).
   */
  private async finish(
    job: RenderJob,
    keys: { result: string; thumbnail: string },
    rendered: Rendered,
  ): Promise<FinishOutcome> {
    return this.dataSource.transaction(async (m) => {
      const [finished] = (await m.query(
        `UPDATE decoration_versions SET state = 'ready', result_key = $2, thumbnail_key = $3, engine = $4,
           seed = $5, structure_score = $6, structure_changed = $7, added_key = $8
          WHERE id = $1 AND state = 'pending' RETURNING id`,
        [
          job.versionId,
          keys.result,
          keys.thumbnail,
          rendered.engine,
          rendered.seed,
          rendered.structure.score,
          rendered.structure.changed,
          rendered.addedKey,
        ],
      )) as [{ id: string }[], number];
      if (!finished.length) {
        const [exists] = (await m.query(`SELECT 1 FROM decoration_versions WHERE id = $1`, [
          job.versionId,
        ])) as unknown[];
        return exists ? 'done' : 'gone';
      }
      const [decoration] = (await m.query(`SELECT type, state FROM decorations WHERE id = $1 FOR UPDATE`, [
        job.decorationId,
      ])) as { type: string; state: string }[];
      if (decoration.type === 'supervised') {
        // The AI draft waits for staff review: still pending for the customer, not completed yet.
        await m.query(
          `UPDATE decorations SET state = 'pending', awaiting_review = true, stage = 'ready', percent = 100,
             failure = NULL, current_version_id = $2, room_type = $3, style = $4, updated_at = now()
           WHERE id = $1`,
          [job.decorationId, job.versionId, job.roomType, job.style],
        );
        await this.reviews.draftReady(m, job.decorationId);
        return 'finished';
      }
      await deliverDecoration(m, {
        decorationId: job.decorationId,
        projectId: job.projectId,
        versionId: job.versionId,
        roomType: job.roomType,
        style: job.style,
        wasState: decoration.state,
      });
      if (rendered.structure.changed)
        await m.query(`UPDATE decorations SET free_redo = true WHERE id = $1`, [job.decorationId]);
      return 'finished';
    });
  }

  /** Marks the version failed and refunds what it cost, both once however often this runs. */
  private async fail(job: RenderJob, failure: DecorationFailure): Promise<void> {
    const outcome = await this.dataSource.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE decoration_versions SET state = 'failed' WHERE id = $1 AND state = 'pending'
          RETURNING credits, charge_key AS "chargeKey"`,
        [job.versionId],
      )) as [{ credits: number; chargeKey: string }[], number];
      const version = rows[0];
      if (!version) return null;
      const [decoration] = (await m.query(
        `SELECT type, state, awaiting_review FROM decorations WHERE id = $1 FOR UPDATE`,
        [job.decorationId],
      )) as { type: string; state: string; awaiting_review: boolean }[];
      // A failed redo keeps the earlier result; a failed first render leaves nothing to deliver.
      const keepsResult = decoration.state === 'ready' || decoration.awaiting_review;
      await m.query(
        `UPDATE decorations SET stage = 'failed', failure = $2, credits = credits - $3,
           state = CASE WHEN $4 THEN state ELSE 'failed' END, updated_at = now()
         WHERE id = $1`,
        [job.decorationId, failure, version.credits, keepsResult],
      );
      // The image no longer counts as ordered, so the project can still reach "all done".
      await m.query(
        `UPDATE projects SET credits_spent = GREATEST(credits_spent - $2, 0),
           total_images = total_images - $3,
           status = CASE WHEN total_images - $3 > 0 AND images_completed >= total_images - $3 THEN $4
                         ELSE status END,
           updated_at = now()
         WHERE id = $1`,
        [job.projectId, version.credits, keepsResult ? 0 : 1, PROJECT_STATUS.finished],
      );
      // A draft staff sent back was free: nothing to refund.
      if (version.credits > 0)
        await this.wallet.refund(
          job.userId,
          version.credits,
          'decoration_refund',
          `refund:${version.chargeKey}`,
          m,
        );
      // A sent-back draft that failed leaves the earlier draft to fix, so the review waits in the queue again.
      const backToReview = decoration.type === 'supervised' && keepsResult;
      if (backToReview) await this.reviews.draftReady(m, job.decorationId);
      return { backToReview, state: keepsResult ? (decoration.state as DecorationState) : 'failed' };
    });
    if (!outcome) return;
    await this.wallet.announce(job.userId);
    this.realtime.toUser(job.userId, 'DecorationProgress', {
      decorationId: job.decorationId,
      projectId: job.projectId,
      stage: 'failed',
      percent: 100,
    });
    // A failed sent-back draft changes nothing the customer sees; a failed first draft ends their order.
    if (!outcome.backToReview) {
      this.confirm(job);
      await this.events.publish('decoration.failed', job.userId, {
        ...this.eventData(job, outcome.state),
        failure,
      });
    }
  }

  /** What an integrator's webhook is told about the decoration (ids, and the order's choices). */
  private eventData(job: RenderJob, state: DecorationState): DecorationEventData {
    return {
      projectId: job.projectId,
      decorationId: job.decorationId,
      versionId: job.versionId,
      state,
      type: job.type,
      roomType: job.roomType,
      style: job.style,
    };
  }

  /**
   * The deletion already removed what was stored before; this run wrote after it. A deleted project
   * loses its whole folder again, a deleted decoration its own.
   */
  private async removeLeftovers(job: RenderJob): Promise<void> {
    const [project] = (await this.dataSource.query(`SELECT 1 FROM projects WHERE id = $1`, [
      job.projectId,
    ])) as unknown[];
    const prefix = project
      ? `projects/${job.projectId}/decorations/${job.decorationId}`
      : `projects/${job.projectId}`;
    await this.storage.deletePrefix(prefix).catch((error: unknown) => {
      this.logger.warn(`Files under ${prefix} of a deleted decoration not removed: ${String(error)}`);
    });
  }

  private confirm(job: RenderJob): void {
    if (job.number > 1) this.realtime.toUser(job.userId, 'SendProjectDecorationRetryConfirm', job.projectId);
    else this.realtime.toUser(job.userId, 'SendProjectDecorationConfirm', job.projectId);
  }
}
