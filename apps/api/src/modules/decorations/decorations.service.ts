import { randomInt, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  decorationCost,
  ErrorCode,
  PROJECT_STATUS,
  type Decoration,
  type DecorationVersion,
  type OrderDecorationsRequest,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type RedoDecorationRequest,
} from '@estancia/contracts';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { Realtime } from '../../infra/realtime/realtime.service';
import { Storage } from '../../infra/storage/storage.port';
import { PlatformService } from '../platform/platform.service';
import { MediaUrls } from '../projects/media-urls.service';
import { ProjectImages } from '../projects/project-images.service';
import { ProjectsService } from '../projects/projects.service';
import { WalletService } from '../wallet/wallet.service';
import { DecorationEntity, DecorationVersionEntity } from './decoration.entity';

/** Versions kept per decoration; ordering a sixth drops the oldest (never the current one). */
export const KEPT_VERSIONS = 5;
/** Attempts of a render job; the last one that fails marks the decoration failed and refunds. */
export const RENDER_ATTEMPTS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from the URL: anything that is not a uuid is simply not found (never a validation error). */
export function assertId(id: string): void {
  if (!UUID.test(id)) throw new AppError(ErrorCode.NOT_FOUND);
}

/** Storage keys of a version's result and its 400 px thumbnail. */
export const resultKeys = (projectId: string, decorationId: string, versionId: string) => ({
  result: `projects/${projectId}/decorations/${decorationId}/${versionId}.jpg`,
  thumbnail: `projects/${projectId}/decorations/${decorationId}/${versionId}-thumb.jpg`,
});

const newSeed = (): number => randomInt(1, 2 ** 31 - 1);

/** Ordering, redo, versions and the project detail (spec sections 4, 5, 9). */
@Injectable()
export class DecorationsService {
  private readonly logger = new Logger('Decorations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly projects: ProjectsService,
    private readonly images: ProjectImages,
    private readonly urls: MediaUrls,
    private readonly wallet: WalletService,
    private readonly platform: PlatformService,
    private readonly jobs: JobQueue,
    private readonly realtime: Realtime,
    private readonly storage: Storage,
  ) {}

  async detail(userId: string, projectId: string): Promise<ProjectDetail> {
    assertId(projectId);
    const project = await this.projects.findOwned(userId, projectId);
    // The owner has now seen the new results, so the card's badge clears. This answer still says
    // which project had news; a result that finishes after this read raises the flag again.
    if (project.newImagesAvailable)
      await this.dataSource.query(
        `UPDATE projects SET new_images_available = false WHERE id = $1 AND user_id = $2`,
        [projectId, userId],
      );
    const [images, decorations] = await Promise.all([
      this.images.list(projectId),
      this.dataSource.getRepository(DecorationEntity).find({
        where: { projectId },
        order: { createdAt: 'ASC' },
      }),
    ]);
    return {
      ...this.projects.summary(project),
      images: images.map((image) => this.images.toDto(image)),
      decorations: await this.toDtos(decorations),
    };
  }

  async order(
    userId: string,
    projectId: string,
    request: OrderDecorationsRequest,
  ): Promise<OrderDecorationsResponse> {
    assertId(projectId);
    await this.projects.findOwned(userId, projectId);
    const items = request.items;
    if (new Set(items.map((i) => i.imageId)).size !== items.length)
      throw new AppError(ErrorCode.VALIDATION_FAILED, { items: 'invalid' });
    if (items.some((i) => i.type === 'automatic') && (await this.platform.status()).isHighDemandAuto)
      throw new AppError(ErrorCode.HIGH_DEMAND);

    const created = await this.dataSource.transaction(async (m) => {
      // One check for the whole set: any missing, foreign or other-project image is NOT_FOUND.
      await this.images.findOwned(
        userId,
        projectId,
        items.map((i) => i.imageId),
        m,
      );
      const made: { decoration: DecorationEntity; version: DecorationVersionEntity }[] = [];
      let total = 0;
      for (const item of items) {
        const cost = decorationCost(item.type);
        const decorationId = randomUUID();
        const versionId = randomUUID();
        // One key per decoration: a failed render refunds exactly its own decoration (`refund:order:<id>`).
        const chargeKey = `order:${decorationId}`;
        const decoration = m.create(DecorationEntity, {
          id: decorationId,
          projectId,
          imageId: item.imageId,
          userId,
          type: item.type,
          roomType: item.roomType,
          style: item.style,
          state: 'pending',
          stage: 'queued',
          percent: 0,
          failure: null,
          credits: cost,
          currentVersionId: versionId,
          awaitingReview: false,
        });
        await m.insert(DecorationEntity, decoration);
        const version = m.create(DecorationVersionEntity, {
          id: versionId,
          decorationId,
          number: 1,
          roomType: item.roomType,
          style: item.style,
          seed: newSeed(),
          resultKey: null,
          thumbnailKey: null,
          state: 'pending',
          credits: cost,
          chargeKey,
          attempts: 0,
        });
        await m.insert(DecorationVersionEntity, version);
        await this.wallet.spend(userId, cost, 'decoration', chargeKey, m);
        total += cost;
        made.push({ decoration, version });
      }
      await m.query(
        `UPDATE projects SET total_images = total_images + $2, credits_spent = credits_spent + $3,
           status = $4, updated_at = now() WHERE id = $1`,
        [projectId, items.length, total, PROJECT_STATUS.processing],
      );
      return made;
    });

    await this.wallet.announce(userId);
    for (const { decoration, version } of created) await this.enqueue(decoration, version.id);
    const fresh = await this.dataSource
      .getRepository(DecorationEntity)
      .findBy({ id: In(created.map((c) => c.decoration.id)) });
    return { decorations: await this.toDtos(fresh), balance: await this.wallet.balance(userId) };
  }

  async redo(userId: string, decorationId: string, request: RedoDecorationRequest): Promise<Decoration> {
    const decoration = await this.findOwned(userId, decorationId);
    const cost = decorationCost(decoration.type, true);
    const versionId = randomUUID();
    const chargeKey = `redo:${versionId}`;
    const dropped = await this.dataSource.transaction(async (m) => {
      // Locks the decoration so two redos at once queue up instead of both passing the check below.
      const [locked] = (await m.query(`SELECT state FROM decorations WHERE id = $1 FOR UPDATE`, [
        decorationId,
      ])) as { state: string }[];
      // A version still rendering must finish (or fail) before another is ordered.
      const [{ rendering }] = (await m.query(
        `SELECT count(*)::int AS rendering FROM decoration_versions WHERE decoration_id = $1 AND state = 'pending'`,
        [decorationId],
      )) as { rendering: number }[];
      if (rendering > 0) throw new AppError(ErrorCode.DECORATION_NOT_READY);
      const [{ next }] = (await m.query(
        `SELECT coalesce(max(number), 0) + 1 AS next FROM decoration_versions WHERE decoration_id = $1`,
        [decorationId],
      )) as { next: number }[];
      const current = decoration.currentVersionId
        ? await m.findOneBy(DecorationVersionEntity, { id: decoration.currentVersionId })
        : null;
      await m.insert(DecorationVersionEntity, {
        id: versionId,
        decorationId,
        number: next,
        roomType: request.roomType ?? current?.roomType ?? decoration.roomType,
        style: request.style ?? current?.style ?? decoration.style,
        seed: newSeed(),
        resultKey: null,
        thumbnailKey: null,
        state: 'pending',
        credits: cost,
        chargeKey,
        attempts: 0,
      });
      await this.wallet.spend(userId, cost, 'decoration', chargeKey, m);
      await m.query(
        `UPDATE decorations SET stage = 'queued', percent = 0, failure = NULL, credits = credits + $2,
           updated_at = now() WHERE id = $1`,
        [decorationId, cost],
      );
      // A failed decoration ordered again counts as an image to finish once more.
      const reordered = locked.state === 'failed' ? 1 : 0;
      await m.query(
        `UPDATE projects SET credits_spent = credits_spent + $2, total_images = total_images + $3,
           status = CASE WHEN $3 = 1 THEN $4 ELSE status END, updated_at = now() WHERE id = $1`,
        [decoration.projectId, cost, reordered, PROJECT_STATUS.processing],
      );
      return this.prune(m, decorationId);
    });
    await this.removeFiles(dropped);
    await this.wallet.announce(userId);
    await this.enqueue(decoration, versionId);
    return (await this.toDtos([await this.reload(decorationId)]))[0];
  }

  async versions(userId: string, decorationId: string): Promise<DecorationVersion[]> {
    const decoration = await this.findOwned(userId, decorationId);
    const versions = await this.dataSource
      .getRepository(DecorationVersionEntity)
      .find({ where: { decorationId }, order: { number: 'DESC' } });
    // The AI draft of a supervised decoration stays hidden until staff have reviewed it.
    const visible = decoration.type === 'automatic' || !decoration.awaitingReview;
    return versions.map((v) => ({
      id: v.id,
      number: v.number,
      roomType: v.roomType,
      style: v.style,
      resultUrl: visible && v.state === 'ready' && v.resultKey ? this.urls.sign(v.resultKey) : null,
      thumbnailUrl: visible && v.state === 'ready' && v.thumbnailKey ? this.urls.sign(v.thumbnailKey) : null,
      createdAt: v.createdAt.toISOString(),
    }));
  }

  /** Makes an older ready version the one shown and downloaded. */
  async restore(userId: string, decorationId: string, versionId: string): Promise<Decoration> {
    await this.findOwned(userId, decorationId);
    assertId(versionId);
    const version = await this.dataSource
      .getRepository(DecorationVersionEntity)
      .findOneBy({ id: versionId, decorationId });
    if (!version) throw new AppError(ErrorCode.NOT_FOUND);
    if (version.state !== 'ready') throw new AppError(ErrorCode.DECORATION_NOT_READY);
    await this.dataSource.query(
      `UPDATE decorations SET current_version_id = $2, room_type = $3, style = $4, updated_at = now()
         WHERE id = $1`,
      [decorationId, version.id, version.roomType, version.style],
    );
    return (await this.toDtos([await this.reload(decorationId)]))[0];
  }

  /** The caller's decoration; a foreign id answers exactly like a missing one. */
  async findOwned(userId: string, decorationId: string): Promise<DecorationEntity> {
    assertId(decorationId);
    const decoration = await this.dataSource
      .getRepository(DecorationEntity)
      .findOneBy({ id: decorationId, userId });
    if (!decoration) throw new AppError(ErrorCode.NOT_FOUND);
    return decoration;
  }

  async toDtos(decorations: DecorationEntity[]): Promise<Decoration[]> {
    const ids = decorations.map((d) => d.currentVersionId).filter((id): id is string => !!id);
    const versions = ids.length
      ? await this.dataSource.getRepository(DecorationVersionEntity).findBy({ id: In(ids) })
      : [];
    const byId = new Map(versions.map((v) => [v.id, v]));
    return decorations.map((d) => {
      const current = d.currentVersionId ? byId.get(d.currentVersionId) : undefined;
      const shown = d.state === 'ready' && current?.state === 'ready' ? current : undefined;
      return {
        id: d.id,
        projectId: d.projectId,
        imageId: d.imageId,
        type: d.type,
        roomType: d.roomType,
        style: d.style,
        state: d.state,
        stage: d.stage,
        percent: d.percent,
        awaitingReview: d.awaitingReview,
        failure: d.failure,
        credits: d.credits,
        resultUrl: shown?.resultKey ? this.urls.sign(shown.resultKey) : null,
        thumbnailUrl: shown?.thumbnailKey ? this.urls.sign(shown.thumbnailKey) : null,
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      };
    });
  }

  private async reload(decorationId: string): Promise<DecorationEntity> {
    return this.dataSource.getRepository(DecorationEntity).findOneByOrFail({ id: decorationId });
  }

  /** jobId = versionId: enqueuing the same version twice is a no-op in BullMQ. */
  private async enqueue(decoration: DecorationEntity, versionId: string): Promise<void> {
    this.realtime.toUser(decoration.userId, 'DecorationProgress', {
      decorationId: decoration.id,
      projectId: decoration.projectId,
      stage: 'queued',
      percent: 0,
    });
    try {
      await this.jobs.add(
        'decoration.render',
        { decorationId: decoration.id, versionId },
        { jobId: versionId, attempts: RENDER_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
      );
    } catch (error) {
      // The rows are committed; the worker's start-up sweep enqueues pending versions again.
      this.logger.error(`Render of version ${versionId} not enqueued: ${String(error)}`);
    }
  }

  /** Drops the oldest versions beyond KEPT_VERSIONS (never the current one) and answers their files. */
  private async prune(m: EntityManager, decorationId: string): Promise<string[]> {
    const [dropped] = (await m.query(
      `DELETE FROM decoration_versions WHERE id IN (
         SELECT v.id FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
         WHERE v.decoration_id = $1 AND v.id IS DISTINCT FROM d.current_version_id
         ORDER BY v.number DESC OFFSET $2)
       RETURNING result_key, thumbnail_key`,
      [decorationId, KEPT_VERSIONS - 1],
    )) as [{ result_key: string | null; thumbnail_key: string | null }[], number];
    return dropped.flatMap((r) => [r.result_key, r.thumbnail_key]).filter((k): k is string => !!k);
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`File ${key} of a dropped version not removed: ${String(error)}`);
      });
    }
  }
}
