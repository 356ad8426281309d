import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EDIT_DOCUMENT_SCHEMA_VERSION,
  ErrorCode,
  type EditDocument,
  type AiPreview,
  type AiPreviewRequest,
  type EditSession,
  type RenderEditResponse,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobFailedError, JobQueue, JobWaitTimeoutError } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { PlanRights } from '../billing/plan-rights.service';
import { Catalogue } from '../catalogue/catalogue.service';
import { DecorationsService } from '../decorations/decorations.service';
import { MediaUrls } from '../projects/media-urls.service';
import { ReviewAccess } from '../review/review-access';
import {
  documentProblems,
  editsLeft,
  editTools,
  productIds,
  usesLockedTools,
  type EditorRights,
} from './edit-rules';

/** What the render job answers: the version it wrote. */
export interface EditRendered {
  versionId: string;
  resultKey: string;
}

/** What the AI preview job answers: the stored PNG and its place in the image. */
export interface AiPreviewRendered {
  layerId: string;
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A decoration with its photo and its saved edit document (if any), read in one query. */
interface EditTarget {
  id: string;
  projectId: string;
  userId: string;
  state: string;
  currentVersionId: string | null;
  originalKey: string;
  width: number;
  height: number;
  document: EditDocument | null;
  updatedAt: Date | null;
  updatedBy: string | null;
  resultVersionId: string | null;
  renderedEdits: number;
}

/** Who is editing: the owner under their plan, or a staff member on a review. */
/** A version's files the editor draws over. */
interface BaseFiles {
  resultKey: string;
  addedKey: string | null;
}

interface Editor {
  /** The saved document is theirs to continue only if they wrote it (null: any author, for staff). */
  author: string | null;
  rights: EditorRights;
  /** The error while the decoration has no result to edit yet. */
  notReady: ErrorCode;
}

const TARGET = `
  SELECT d.id, d.project_id AS "projectId", d.user_id AS "userId", d.state,
         d.current_version_id AS "currentVersionId", i.original_key AS "originalKey", i.width, i.height,
         e.document, e.updated_at AS "updatedAt", e.updated_by AS "updatedBy",
         e.result_version_id AS "resultVersionId", coalesce(e.rendered_edits, 0) AS "renderedEdits"
    FROM decorations d
    JOIN project_images i ON i.id = d.image_id
    LEFT JOIN edit_documents e ON e.decoration_id = d.id
   WHERE d.id = $1`;

/**
 * Edit documents of decorations: the editor's session, autosave, and the full-resolution render
 * into a new version, for the owner (under their plan) and for staff fixing a review's draft.
 * Rendering runs in the worker (`decoration.edit`); the request waits for it.
 */
@Injectable()
export class EditsService {
  private readonly logger = new Logger('Edits');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly decorations: DecorationsService,
    private readonly reviews: ReviewAccess,
    private readonly planRights: PlanRights,
    private readonly catalogue: Catalogue,
    private readonly urls: MediaUrls,
    private readonly jobs: JobQueue,
  ) {}

  // ---- the owner ----

  async session(userId: string, decorationId: string): Promise<EditSession> {
    const target = await this.ownReady(userId, decorationId);
    return this.toSession(target, await this.owner(userId));
  }

  async save(
    userId: string,
    decorationId: string,
    document: EditDocument,
    basedOn?: string | null,
  ): Promise<EditSession> {
    const target = await this.ownReady(userId, decorationId);
    const editor = await this.owner(userId);
    if (usesLockedTools(document, editor.rights)) throw new AppError(ErrorCode.PLAN_REQUIRED);
    await this.store(target, document, editor, userId, basedOn);
    return this.toSession(await this.target(decorationId), editor);
  }

  async render(userId: string, decorationId: string): Promise<RenderEditResponse> {
    await this.decorations.findOwned(userId, decorationId);
    const editor = await this.owner(userId);
    const versionId = randomUUID();
    await this.dataSource.transaction(async (m) => {
      const target = await this.target(decorationId, m);
      if (target.state !== 'ready') throw new AppError(ErrorCode.DECORATION_NOT_READY);
      const document = await this.renderable(m, target, editor);
      if (usesLockedTools(document, editor.rights)) throw new AppError(ErrorCode.PLAN_REQUIRED);
      if (editsLeft(editor.rights, target.renderedEdits) === 0) throw new AppError(ErrorCode.LIMIT_REACHED);
      await this.reserve(m, decorationId, versionId);
    });
    return this.run({ decorationId, versionId, reviewId: null, staffId: null });
  }

  /** The engine's actual result for one AI layer of the (possibly unsaved) document, as it will be delivered. */
  async aiPreview(userId: string, decorationId: string, request: AiPreviewRequest): Promise<AiPreview> {
    const target = await this.ownReady(userId, decorationId);
    const editor = await this.owner(userId);
    if (usesLockedTools(request.document, editor.rights)) throw new AppError(ErrorCode.PLAN_REQUIRED);
    await this.check(target, request.document);
    return this.preview(decorationId, request);
  }

  // ---- staff, by review ----

  async aiPreviewForReview(reviewId: string, request: AiPreviewRequest): Promise<AiPreview> {
    const decorationId = await this.reviews.decorationOf(reviewId);
    await this.check(await this.target(decorationId), request.document);
    return this.preview(decorationId, request);
  }

  async reviewSession(reviewId: string): Promise<EditSession> {
    const decorationId = await this.reviews.decorationOf(reviewId);
    return this.toSession(await this.target(decorationId), STAFF);
  }

  async saveForReview(
    staffId: string,
    reviewId: string,
    document: EditDocument,
    basedOn?: string | null,
  ): Promise<EditSession> {
    const { decorationId } = await this.reviews.holdForEditing(reviewId, staffId);
    const target = await this.target(decorationId);
    if (!target.currentVersionId) throw new AppError(ErrorCode.REVIEW_NOT_READY);
    await this.store(target, document, STAFF, staffId, basedOn);
    return this.toSession(await this.target(decorationId), STAFF);
  }

  async renderForReview(staffId: string, reviewId: string): Promise<RenderEditResponse> {
    const decorationId = await this.reviews.decorationOf(reviewId);
    const versionId = randomUUID();
    await this.dataSource.transaction(async (m) => {
      // The decoration before the review: the order the render job's finish takes its locks in.
      const target = await this.target(decorationId, m);
      await this.reviews.holdForEditing(reviewId, staffId, m);
      await this.renderable(m, target, STAFF);
      await this.reserve(m, decorationId, versionId);
    });
    return this.run({ decorationId, versionId, reviewId, staffId });
  }

  // ---- shared ----

  private async owner(userId: string): Promise<Editor> {
    return {
      author: userId,
      rights: await this.planRights.forUser(userId),
      notReady: ErrorCode.DECORATION_NOT_READY,
    };
  }

  /** The caller's decoration with a result to edit; a foreign id is NOT_FOUND like a missing one. */
  private async ownReady(userId: string, decorationId: string): Promise<EditTarget> {
    await this.decorations.findOwned(userId, decorationId);
    const target = await this.target(decorationId);
    if (target.state !== 'ready') throw new AppError(ErrorCode.DECORATION_NOT_READY);
    return target;
  }

  /** Pass `m` to lock the decoration for the rest of the transaction. */
  private async target(decorationId: string, m?: EntityManager): Promise<EditTarget> {
    const [target] = (await (m ?? this.dataSource).query(m ? `${TARGET} FOR UPDATE OF d` : TARGET, [
      decorationId,
    ])) as EditTarget[];
    if (!target) throw new AppError(ErrorCode.NOT_FOUND);
    return target;
  }

  /**
   * The saved document when this editor may go on with it: it was saved (or rendered) over the
   * decoration's current result, by them (staff: by anyone), and its base still exists. Otherwise
   * the editor starts afresh on the current result.
   */
  private async applicable(
    target: EditTarget,
    editor: Editor,
    m?: EntityManager,
  ): Promise<{ document: EditDocument; base: BaseFiles; updatedAt: Date | null } | null> {
    const saved = target.document;
    if (
      saved &&
      target.resultVersionId === target.currentVersionId &&
      (editor.author === null || target.updatedBy === editor.author)
    ) {
      const base = await this.baseFiles(target.id, saved.baseVersionId, m);
      if (base) return { document: saved, base, updatedAt: target.updatedAt };
    }
    return null;
  }

  /** The document a render takes: the applicable saved one; nothing saved is a validation error. */
  private async renderable(m: EntityManager, target: EditTarget, editor: Editor): Promise<EditDocument> {
    const saved = await this.applicable(target, editor, m);
    if (!saved) throw new AppError(ErrorCode.VALIDATION_FAILED, { document: 'required' });
    return saved.document;
  }

  private async toSession(target: EditTarget, editor: Editor): Promise<EditSession> {
    let session = await this.applicable(target, editor);
    if (!session) {
      const current = target.currentVersionId;
      const base = current ? await this.baseFiles(target.id, current) : null;
      if (!current || !base) throw new AppError(editor.notReady);
      session = {
        document: {
          schemaVersion: EDIT_DOCUMENT_SCHEMA_VERSION,
          baseVersionId: current,
          layers: [],
          watermark: false,
        },
        base,
        updatedAt: null,
      };
    }
    return {
      decorationId: target.id,
      document: session.document,
      baseImageUrl: this.urls.sign(session.base.resultKey),
      originalImageUrl: this.urls.sign(target.originalKey),
      addedMaskUrl: session.base.addedKey ? this.urls.sign(session.base.addedKey) : null,
      width: target.width,
      height: target.height,
      ...editTools(editor.rights),
      editsLeft: editsLeft(editor.rights, target.renderedEdits),
      updatedAt: session.updatedAt?.toISOString() ?? null,
    };
  }

  /** The stored result (and added-furniture mask) of a ready version of this decoration, or null. */
  private async baseFiles(
    decorationId: string,
    versionId: string,
    m?: EntityManager,
  ): Promise<BaseFiles | null> {
    const [row] = (await (m ?? this.dataSource).query(
      `SELECT result_key AS "resultKey", added_key AS "addedKey" FROM decoration_versions
        WHERE id = $1 AND decoration_id = $2 AND state = 'ready' AND result_key IS NOT NULL`,
      [versionId, decorationId],
    )) as BaseFiles[];
    return row ?? null;
  }

  /** What the schema cannot check: the base, the products, the masks. */
  private async check(target: EditTarget, document: EditDocument): Promise<void> {
    const fields = documentProblems(document, await this.catalogue.find(productIds(document)));
    if (!(await this.baseFiles(target.id, document.baseVersionId)))
      fields['document.baseVersionId'] = 'invalid';
    if (Object.keys(fields).length) throw new AppError(ErrorCode.VALIDATION_FAILED, fields);
  }

  /** Renders one AI layer in the worker (`decoration.edit-ai-preview`) and waits for it. */
  private async preview(decorationId: string, { document, layerId }: AiPreviewRequest): Promise<AiPreview> {
    const layer = document.layers.find((l) => l.id === layerId);
    if (layer?.type !== 'ai') throw new AppError(ErrorCode.VALIDATION_FAILED, { layerId: 'invalid' });
    let rendered: AiPreviewRendered;
    try {
      rendered = (await this.jobs.addAndWait(
        'decoration.edit-ai-preview',
        { decorationId, document, layerId },
        { attempts: 1 },
        this.waitSeconds() * 1000,
      )) as AiPreviewRendered;
    } catch (error) {
      if (error instanceof JobFailedError) throw asAppError(error.reason);
      if (error instanceof JobWaitTimeoutError) throw new AppError(ErrorCode.GENERATION_TIMEOUT);
      throw new AppError(ErrorCode.GENERATION_ERROR);
    }
    const { key, ...box } = rendered;
    return { ...box, url: this.urls.sign(key) };
  }

  /**
   * Autosave: checks what the schema cannot (base, products, masks), then keeps the document. With
   * `basedOn` (the `updatedAt` the editor knows, null for none) it is kept only over that very save, in
   * the same statement: another tab's save in between, one this editor's session would show (over the
   * current result; for a customer, their own), is EDIT_SAVED_ELSEWHERE rather than lost.
   */
  private async store(
    target: EditTarget,
    document: EditDocument,
    editor: Editor,
    authorId: string,
    basedOn?: string | null,
  ): Promise<void> {
    await this.check(target, document);
    // Saved over the result shown right now: once that changes another way, the document is stale.
    // `updatedAt` goes out with milliseconds (toISOString), so it is compared at that precision.
    const stored = (await this.dataSource.query(
      `INSERT INTO edit_documents (decoration_id, document, result_version_id, updated_at, updated_by)
       SELECT d.id, $2::jsonb, d.current_version_id, now(), $3 FROM decorations d WHERE d.id = $1
       ON CONFLICT (decoration_id) DO UPDATE SET document = EXCLUDED.document,
         result_version_id = EXCLUDED.result_version_id, updated_at = now(), updated_by = EXCLUDED.updated_by
       WHERE NOT $4::boolean
          OR edit_documents.result_version_id IS DISTINCT FROM EXCLUDED.result_version_id
          OR ($6::uuid IS NOT NULL AND edit_documents.updated_by IS DISTINCT FROM $6::uuid)
          OR date_trunc('milliseconds', edit_documents.updated_at) IS NOT DISTINCT FROM $5::timestamptz
       RETURNING 1`,
      [target.id, JSON.stringify(document), authorId, basedOn !== undefined, basedOn ?? null, editor.author],
    )) as unknown[];
    if (stored.length === 0) throw new AppError(ErrorCode.EDIT_SAVED_ELSEWHERE);
  }

  /** One render at a time per decoration; one left behind by a crash is taken over after the time limit. */
  private async reserve(m: EntityManager, decorationId: string, versionId: string): Promise<void> {
    const [taken] = (await m.query(
      `UPDATE edit_documents SET rendering_version_id = $2, rendering_since = now()
        WHERE decoration_id = $1
          AND (rendering_version_id IS NULL OR rendering_since < now() - make_interval(secs => $3))
        RETURNING 1`,
      [decorationId, versionId, this.waitSeconds()],
    )) as [unknown[], number];
    if (!taken.length) throw new AppError(ErrorCode.DECORATION_NOT_READY);
    // A new AI version still rendering would replace this edit's result when it lands.
    const [{ rendering }] = (await m.query(
      `SELECT count(*)::int AS rendering FROM decoration_versions WHERE decoration_id = $1 AND state = 'pending'`,
      [decorationId],
    )) as { rendering: number }[];
    if (rendering > 0) throw new AppError(ErrorCode.DECORATION_NOT_READY);
  }

  private waitSeconds(): number {
    // A little longer than the job's own limit, so the job reports its timeout before we give up.
    return this.config.RENDER_TIMEOUT_SECONDS + 15;
  }

  private async run(data: JobOf<'decoration.edit'>): Promise<RenderEditResponse> {
    let rendered: EditRendered;
    try {
      rendered = (await this.jobs.addAndWait(
        'decoration.edit',
        data,
        { jobId: data.versionId, attempts: 1 },
        this.waitSeconds() * 1000,
      )) as EditRendered;
    } catch (error) {
      // The job gave its reservation back itself, and may still finish after a timeout.
      if (error instanceof JobFailedError) throw asAppError(error.reason);
      if (error instanceof JobWaitTimeoutError) throw new AppError(ErrorCode.GENERATION_TIMEOUT);
      this.logger.error(`Edit render ${data.versionId} not enqueued: ${String(error)}`);
      await this.dataSource.query(
        `UPDATE edit_documents SET rendering_version_id = NULL WHERE decoration_id = $1 AND rendering_version_id = $2`,
        [data.decorationId, data.versionId],
      );
      throw new AppError(ErrorCode.GENERATION_ERROR);
    }
    return { versionId: rendered.versionId, resultUrl: this.urls.sign(rendered.resultKey) };
  }
}

const STAFF: Editor = { author: null, rights: 'staff', notReady: ErrorCode.REVIEW_NOT_READY };

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/** The job fails with an AppError's code as its message; anything else is a generation error. */
const asAppError = (reason: string): AppError =>
  new AppError(ERROR_CODES.has(reason) ? (reason as ErrorCode) : ErrorCode.GENERATION_ERROR);
