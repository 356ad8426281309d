import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BASIC_ROOM_TYPES,
  BASIC_STYLES,
  decorationCost,
  ErrorCode,
  PROJECT_STATUS,
  type Decoration,
  type DecorationType,
  type DecorationVersion,
  type OrderDecorationsRequest,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type RedoDecorationRequest,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { Realtime } from '../../infra/realtime/realtime.service';
import { Storage } from '../../infra/storage/storage.port';
import { PlanRights } from '../billing/plan-rights.service';
import { PlatformService } from '../platform/platform.service';
import { MediaUrls } from '../projects/media-urls.service';
import { DecorationRepository } from './decoration.repository';
import { ProjectImages } from '../projects/project-images.service';
import { ProjectsService } from '../projects/projects.service';
import { ReviewQueue } from '../review/review-queue.service';
import { draftVersionOf } from '../review/review-versions';
import { WalletService } from '../wallet/wallet.service';
import { DecorationEntity, DecorationVersionEntity } from './decoration.entity';
import { EngineRouter } from './engine/engine-router.service';

/** Versions kept per decoration; ordering a sixth drops the oldest (never the current one). */
export const KEPT_VERSIONS = 5;
/** Attempts of a render job; the last one that fails marks the decoration failed and refunds. */
export const RENDER_ATTEMPTS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from the URL: anything that is not a uuid is simply not found (never a validation error). */
export function assertId(id: string): void {
  if (!UUID.test(id)) throw new AppError(ErrorCode.NOT_FOUND);
}

/** While staff review a supervised decoration, its customer cannot change it under them. */
function assertNotInReview(decoration: DecorationEntity): void {
  if (decoration.awaitingReview) throw new AppError(ErrorCode.DECORATION_NOT_READY);
}

/**
 * Rooms and styles past the basic ones need a plan with allRoomsAndStyles (PLAN_REQUIRED, flagging the field).
 * `kept` is what a redone decoration already has: rendering again what was bought is not a new choice.
 */
function assertRoomAndStyle(
  allRoomsAndStyles: boolean,
  choice: { roomType?: RoomType; style?: Style },
  field: string,
  kept?: { roomType: string; style: string },
): void {
  if (allRoomsAndStyles) return;
  const { roomType, style } = choice;
  if (roomType && roomType !== kept?.roomType && !BASIC_ROOM_TYPES.includes(roomType))
    throw new AppError(ErrorCode.PLAN_REQUIRED, { [`${field}roomType`]: ErrorCode.PLAN_REQUIRED });
  if (style && style !== kept?.style && !BASIC_STYLES.includes(style))
    throw new AppError(ErrorCode.PLAN_REQUIRED, { [`${field}style`]: ErrorCode.PLAN_REQUIRED });
}

/** Storage keys of a version's result, its 400 px thumbnail and the mask of what the engine added. */
export const resultKeys = (projectId: string, decorationId: string, versionId: string) => ({
  result: `projects/${projectId}/decorations/${decorationId}/${versionId}.jpg`,
  thumbnail: `projects/${projectId}/decorations/${decorationId}/${versionId}-thumb.jpg`,
  added: `projects/${projectId}/decorations/${decorationId}/${versionId}-added.png`,
});

const newSeed = (): number => randomInt(1, 2 ** 31 - 1);

/** A version's render job; jobId = versionId, so queuing the same version twice is a no-op in BullMQ. */
export const renderJob = (decorationId: string, versionId: string) => ({
  data: { decorationId, versionId },
  opts: { jobId: versionId, attempts: RENDER_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
});

/**
 * The style lock: every photo of one property ordered in one style gets the same engine seed, so the
 * engine draws the same furniture and palette room after room. A redo in the same style breaks it on purpose.
 */
export function styleSeed(projectId: string, style: Style): number {
  return (createHash('sha256').update(`${projectId}:${style}`).digest().readUInt32BE(0) % (2 ** 31 - 2)) + 1;
}

/**
 * A result reaches the customer: the decoration is ready with this version, and its project counts
 * the image (only the first time it becomes ready) and shows the news. Shared by the render of an
 * automatic decoration and the approval of a supervised one; run in their transaction, after
 * locking the decoration.
 */
export async function deliverDecoration(
  m: EntityManager,
  delivery: {
    decorationId: string;
    projectId: string;
    versionId: string;
    roomType: string;
    style: string;
    /** The decoration's state before, read under the lock. */
    wasState: string;
  },
): Promise<void> {
  await m.query(
    `UPDATE decorations SET state = 'ready', awaiting_review = false, stage = 'ready', percent = 100,
       failure = NULL, current_version_id = $2, room_type = $3, style = $4, updated_at = now()
     WHERE id = $1`,
    [delivery.decorationId, delivery.versionId, delivery.roomType, delivery.style],
  );
  // An image counts as completed the first time its decoration becomes ready, not on every redo.
  const completed = delivery.wasState === 'ready' ? 0 : 1;
  await m.query(
    `UPDATE projects SET images_completed = images_completed + $2, new_images_available = true,
       status = CASE WHEN images_completed + $2 >= total_images THEN $3 ELSE status END,
       updated_at = now()
     WHERE id = $1`,
    [delivery.projectId, completed, PROJECT_STATUS.finished],
  );
}

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
    private readonly reviews: ReviewQueue,
    private readonly engines: EngineRouter,
    private readonly planRights: PlanRights,
    private readonly decorations: DecorationRepository,
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
    const rights = await this.planRights.forOrder(userId);
    if (items.length > rights.decorationsPerOrder)
      throw new AppError(ErrorCode.DECORATIONS_LIMIT, {
        selected: String(items.length),
        limit: String(rights.decorationsPerOrder),
      });
    items.forEach((item, i) => assertRoomAndStyle(rights.allRoomsAndStyles, item, `items.${i}.`));
    if (new Set(items.map((i) => i.imageId)).size !== items.length)
      throw new AppError(ErrorCode.VALIDATION_FAILED, { items: 'invalid' });
    if (items.some((i) => i.type === 'automatic') && (await this.platform.status()).isHighDemandAuto)
      throw new AppError(ErrorCode.HIGH_DEMAND);
    for (const item of items) await this.assertEngineEmpties(item.type, item.emptyRoom);
    const needed = items.reduce((sum, item) => sum + decorationCost(item.type), 0);
    // Nothing is charged for renders that cannot be queued: while Redis is down the order is a 503.
    await this.jobs.assertAvailable();

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
          seed: styleSeed(projectId, item.style),
          emptyRoom: item.emptyRoom ?? false,
          resultKey: null,
          thumbnailKey: null,
          state: 'pending',
          credits: cost,
          chargeKey,
          attempts: 0,
        });
        await m.insert(DecorationVersionEntity, version);
        // A supervised decoration's 48 working hours start with the order, in the same transaction.
        if (item.type === 'supervised') await this.reviews.open(m, decorationId);
        await this.wallet
          .spend(userId, cost, 'decoration', chargeKey, m)
          .catch((error: unknown) => this.shortOfCredits(error, m, userId, rights.planCode, needed, total));
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

    // The renders are queued first: the balance push waits for a database connection that a burst of
    // orders holds.
    await this.enqueueOrder(userId, projectId, created);
    await this.wallet.announce(userId);
    const fresh = await this.dataSource
      .getRepository(DecorationEntity)
      .findBy({ id: In(created.map((c) => c.decoration.id)) });
    return { decorations: await this.toDtos(fresh), balance: await this.wallet.balance(userId) };
  }

  async redo(userId: string, decorationId: string, request: RedoDecorationRequest): Promise<Decoration> {
    const decoration = await this.findOwned(userId, decorationId);
    assertNotInReview(decoration);
    const rights = await this.planRights.forUser(userId);
    assertRoomAndStyle(rights.allRoomsAndStyles, request, '', decoration);
    await this.assertEngineEmpties(decoration.type, request.emptyRoom);
    // Not charged while the render cannot be queued (503); one lost after the commit is swept (enqueue).
    await this.jobs.assertAvailable();
    const versionId = randomUUID();
    const chargeKey = `redo:${versionId}`;
    const dropped = await this.dataSource.transaction(async (m) => {
      // The free redo a structure-changed delivery earned is used once, under the decoration's lock.
      const [free] = (await m.query(
        `UPDATE decorations SET free_redo = false WHERE id = $1 AND free_redo RETURNING id`,
        [decorationId],
      )) as [unknown[], number];
      const cost = free.length ? 0 : decorationCost(decoration.type, true);
      const before = await this.addVersion(m, decoration, { versionId, cost, chargeKey, ...request });
      // A supervised redo is reviewed again, with 48 new working hours.
      if (decoration.type === 'supervised') await this.reviews.reopen(m, decorationId);
      if (cost > 0)
        await this.wallet
          .spend(userId, cost, 'decoration', chargeKey, m)
          .catch((error: unknown) => this.shortOfCredits(error, m, userId, rights.planCode, cost));
      // A failed decoration ordered again counts as an image to finish once more.
      const reordered = before === 'failed' ? 1 : 0;
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

  /**
   * A fresh AI draft of a supervised decoration that staff sent back: a free version with a new
   * seed, same room type and style, rendered like a redo. `first` runs at the start of the same
   * transaction (the review's own conditional step), so both happen or neither.
   */
  async redraft(
    decorationId: string,
    first: (m: EntityManager, versionId: string) => Promise<void>,
  ): Promise<string> {
    const decoration = await this.reload(decorationId);
    const versionId = randomUUID();
    const dropped = await this.dataSource.transaction(async (m) => {
      // The decoration before the review, the order a finishing render takes its locks in.
      await m.query(`SELECT 1 FROM decorations WHERE id = $1 FOR UPDATE`, [decorationId]);
      await first(m, versionId);
      await this.addVersion(m, decoration, { versionId, cost: 0, chargeKey: `sendback:${versionId}` });
      return this.prune(m, decorationId);
    });
    await this.removeFiles(dropped);
    await this.enqueue(decoration, versionId);
    return versionId;
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
    assertNotInReview(await this.findOwned(userId, decorationId));
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

  /**
   * A charge the balance could not cover (the transaction rolls back, nothing is taken): a subscriber has
   * gone past what the plan includes, which the spec bills after consent (PLAN_EXCEEDED, with what the
   * order needs and the balance before it); a customer without a plan is simply short of credits.
   */
  private async shortOfCredits(
    error: unknown,
    m: EntityManager,
    userId: string,
    planCode: string | null,
    needed: number,
    spentByThisOrder = 0,
  ): Promise<never> {
    if (error instanceof AppError && error.code === ErrorCode.INSUFFICIENT_CREDITS && planCode) {
      const balance = (await this.wallet.balance(userId, m)) + spentByThisOrder;
      throw new AppError(ErrorCode.PLAN_EXCEEDED, { needed: String(needed), balance: String(balance) });
    }
    throw error;
  }

  /** Emptying a room is offered only while the engine of that kind of decoration can do it. */
  private async assertEngineEmpties(type: DecorationType, emptyRoom: boolean | undefined): Promise<void> {
    if (!emptyRoom) return;
    const use = type === 'supervised' ? 'supervised_draft' : 'automatic';
    if (!(await this.engines.emptiesRooms(use))) throw new AppError(ErrorCode.EMPTY_ROOM_UNAVAILABLE);
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

  /** One of the caller's decorations as its owner sees it (state, progress, result, supervision). */
  async one(userId: string, decorationId: string): Promise<Decoration> {
    return (await this.toDtos([await this.findOwned(userId, decorationId)]))[0];
  }

  async toDtos(decorations: DecorationEntity[]): Promise<Decoration[]> {
    const ids = decorations.map((d) => d.currentVersionId).filter((id): id is string => !!id);
    const supervised = decorations.filter((d) => d.type === 'supervised').map((d) => d.id);
    const [versions, supervision] = await Promise.all([
      ids.length ? this.dataSource.getRepository(DecorationVersionEntity).findBy({ id: In(ids) }) : [],
      this.reviews.supervision(this.dataSource, supervised),
    ]);
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
        supervision: supervision.get(d.id) ?? null,
        failure: d.failure,
        credits: d.credits,
        structureChanged: shown?.structureChanged ?? false,
        freeRedo: d.freeRedo,
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
    this.announceQueued(decoration);
    try {
      const { data, opts } = renderJob(decoration.id, versionId);
      await this.jobs.add('decoration.render', data, opts);
    } catch (error) {
      // The rows are committed; the workers' sweep (DecorationRenderer.requeueStranded) queues it again.
      this.logger.error(`Render of version ${versionId} not enqueued: ${String(error)}`);
    }
  }

  private announceQueued(decoration: DecorationEntity): void {
    this.realtime.toUser(decoration.userId, 'DecorationProgress', {
      decorationId: decoration.id,
      projectId: decoration.projectId,
      stage: 'queued',
      percent: 0,
    });
  }

  /**
   * Queues a committed order's renders in one round trip. If that fails (Redis went away after
   * assertAvailable), the order is undone in this same path before the error (a 503) reaches the
   * customer: see undoOrder. A render that reached Redis anyway finds no version and does nothing. Either
   * way no decoration is left charged without a render job.
   */
  private async enqueueOrder(
    userId: string,
    projectId: string,
    created: { decoration: DecorationEntity; version: DecorationVersionEntity }[],
  ): Promise<void> {
    try {
      await this.jobs.addBulk(
        'decoration.render',
        created.map(({ decoration, version }) => renderJob(decoration.id, version.id)),
      );
    } catch (error) {
      await this.undoOrder(userId, projectId, created);
      throw error;
    }
    for (const { decoration } of created) this.announceQueued(decoration);
  }

  /**
   * Deletes the order's decorations whose render never started and refunds their charges, in one
   * transaction. The version rows are locked first: a render that did start (its job reached Redis after
   * all) has counted an attempt and keeps its decoration; one that starts after this commit finds no
   * version and does nothing.
   */
  private async undoOrder(
    userId: string,
    projectId: string,
    created: { decoration: DecorationEntity; version: DecorationVersionEntity }[],
  ): Promise<void> {
    const undone = await this.dataSource.transaction(async (m) => {
      const ids = await this.decorations.lockUnstarted(
        m,
        created.map((c) => c.version.id),
      );
      const gone = created.filter((c) => ids.includes(c.decoration.id));
      if (!gone.length) return 0;
      await this.decorations.deleteDecorations(m, ids);
      for (const { decoration } of gone.filter((c) => c.decoration.credits > 0))
        await this.wallet.refund(
          userId,
          decoration.credits,
          'decoration_refund',
          `refund:order:${decoration.id}`,
          m,
        );
      const credits = gone.reduce((sum, c) => sum + c.decoration.credits, 0);
      await this.decorations.withdrawFromProject(m, projectId, gone.length, credits, {
        pending: PROJECT_STATUS.pending,
        finished: PROJECT_STATUS.finished,
      });
      return gone.length;
    });
    this.logger.warn(`Order of ${created.length} decoration(s) not queued; ${undone} undone and refunded`);
    await this.wallet.announce(userId);
  }

  /**
   * A new pending version (the current room type and style unless given), inside the caller's
   * transaction; answers the decoration's state before it.
   */
  private async addVersion(
    m: EntityManager,
    decoration: DecorationEntity,
    version: {
      versionId: string;
      cost: number;
      chargeKey: string;
      roomType?: RoomType;
      style?: Style;
      emptyRoom?: boolean;
    },
  ): Promise<string> {
    // Locks the decoration so two new versions at once queue up instead of both passing the check below.
    const [locked] = (await m.query(`SELECT state FROM decorations WHERE id = $1 FOR UPDATE`, [
      decoration.id,
    ])) as { state: string }[];
    // A version still rendering must finish (or fail) before another is ordered.
    const [{ rendering }] = (await m.query(
      `SELECT count(*)::int AS rendering FROM decoration_versions WHERE decoration_id = $1 AND state = 'pending'`,
      [decoration.id],
    )) as { rendering: number }[];
    if (rendering > 0) throw new AppError(ErrorCode.DECORATION_NOT_READY);
    const [{ next }] = (await m.query(
      `SELECT coalesce(max(number), 0) + 1 AS next FROM decoration_versions WHERE decoration_id = $1`,
      [decoration.id],
    )) as { next: number }[];
    const current = decoration.currentVersionId
      ? await m.findOneBy(DecorationVersionEntity, { id: decoration.currentVersionId })
      : null;
    await m.insert(DecorationVersionEntity, {
      id: version.versionId,
      decorationId: decoration.id,
      number: next,
      roomType: version.roomType ?? current?.roomType ?? decoration.roomType,
      style: version.style ?? current?.style ?? decoration.style,
      // A new style joins that style's lock; the same style again asks for a different result.
      seed:
        version.style && version.style !== (current?.style ?? decoration.style)
          ? styleSeed(decoration.projectId, version.style)
          : newSeed(),
      emptyRoom: version.emptyRoom ?? current?.emptyRoom ?? false,
      resultKey: null,
      thumbnailKey: null,
      state: 'pending',
      credits: version.cost,
      chargeKey: version.chargeKey,
      attempts: 0,
    });
    await m.query(
      `UPDATE decorations SET stage = 'queued', percent = 0, failure = NULL, credits = credits + $2,
         updated_at = now() WHERE id = $1`,
      [decoration.id, version.cost],
    );
    return locked.state;
  }

  /**
   * Drops the oldest versions beyond KEPT_VERSIONS and answers their files; never the current one,
   * nor the one a saved edit document is drawn over (re-rendering that edit needs it), nor, while staff
   * review the decoration, the AI draft its result started from (the review compares the two).
   */
  async prune(m: EntityManager, decorationId: string): Promise<string[]> {
    const currentNumber = `(SELECT c.number FROM decoration_versions c WHERE c.id = d.current_version_id)`;
    const [dropped] = (await m.query(
      `DELETE FROM decoration_versions WHERE id IN (
         SELECT v.id FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
           LEFT JOIN edit_documents e ON e.decoration_id = d.id
         WHERE v.decoration_id = $1 AND v.id IS DISTINCT FROM d.current_version_id
           AND v.id::text IS DISTINCT FROM e.document->>'baseVersionId'
           AND NOT (d.awaiting_review AND v.id IS NOT DISTINCT FROM ${draftVersionOf('d.id', currentNumber)})
         ORDER BY v.number DESC OFFSET $2)
       RETURNING result_key, thumbnail_key, added_key`,
      [decorationId, KEPT_VERSIONS - 1],
    )) as [{ result_key: string | null; thumbnail_key: string | null; added_key: string | null }[], number];
    return dropped
      .flatMap((r) => [r.result_key, r.thumbnail_key, r.added_key])
      .filter((k): k is string => !!k);
  }

  async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`File ${key} of a dropped version not removed: ${String(error)}`);
      });
    }
  }
}
