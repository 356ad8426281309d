import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  editDocumentSchema,
  ErrorCode,
  type EditDocument,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { Realtime } from '../../infra/realtime/realtime.service';
import { Storage } from '../../infra/storage/storage.port';
import { Catalogue, floorTexture } from '../catalogue/catalogue.service';
import { DecorationsService, resultKeys } from '../decorations/decorations.service';
import { EngineRouter } from '../decorations/engine/engine-router.service';
import { StagingTimeoutError } from '../decorations/engine/staging-engine.port';
import { stagingPrompt } from '../decorations/engine/staging-prompt';
import { ReviewAccess } from '../review/review-access';
import { rasteriseArea, renderEdit, type PaintSource, type StageRequest } from './edit-renderer';
import { productIds } from './edit-rules';
import type { AiPreviewRendered, EditRendered } from './edits.service';

/** What a render reads, in one query: the decoration, its photo, the saved document and its base. */
interface EditSource {
  projectId: string;
  userId: string;
  roomType: RoomType;
  style: Style;
  originalKey: string;
  width: number;
  height: number;
  document: unknown;
  baseKey: string | null;
  baseRoomType: RoomType | null;
  baseStyle: Style | null;
  baseSeed: number | null;
  /** The base's mask of what the engine added, when it said so. */
  baseAddedKey: string | null;
}

type Finished = { outcome: 'finished'; dropped: string[] } | { outcome: 'done' | 'gone' };

/** The engine's instruction for "reform": new finishes, same room. */
const reformPrompt = (roomType: RoomType, style: Style): string =>
  `Renovate the finishes of this ${roomType.replace(/_/g, ' ')} in ${style} style: walls, floor, ceiling, ` +
  'doors and fittings. Keep the layout, windows and camera viewpoint exactly as they are. ' +
  'Photorealistic real-estate photograph, no people, no text.';

/**
 * The `decoration.edit` job: renders the saved edit document at full resolution into a new ready
 * version that becomes the decoration's current result. The version row is written only when the
 * render is done (a pending row would look like an AI render to redo and to the renderer's
 * start-up sweep), by an INSERT under the decoration's lock that a second run finds done.
 */
@Injectable()
export class EditRenderJob {
  private readonly logger = new Logger('EditRender');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engines: EngineRouter,
    private readonly storage: Storage,
    private readonly catalogue: Catalogue,
    private readonly decorations: DecorationsService,
    private readonly reviews: ReviewAccess,
    private readonly realtime: Realtime,
  ) {}

  @OnJob('decoration.edit')
  async render(data: JobOf<'decoration.edit'>): Promise<EditRendered> {
    const earlier = await this.written(data.versionId);
    if (earlier) return earlier;
    let source: EditSource | undefined;
    let finished: Finished;
    try {
      source = await this.source(data.decorationId);
      const keys = resultKeys(source.projectId, data.decorationId, data.versionId);
      const rendered = await this.draw(source, data.decorationId);
      // Fixed keys: a second run overwrites the same files.
      await this.storage.put(keys.result, rendered.result);
      await this.storage.put(keys.thumbnail, rendered.thumbnail);
      if (rendered.added) await this.storage.put(keys.added, rendered.added);
      finished = await this.finish(data, source, keys, rendered.added ? keys.added : null);
    } catch (error) {
      // Another run of the same job may have written the version meanwhile: that is the answer.
      const other = await this.written(data.versionId);
      if (other) return other;
      // Files a failed run may have stored stay: a run of the same job still going may use them.
      await this.release(data);
      throw this.jobError(error, data.versionId);
    }
    const keys = resultKeys(source.projectId, data.decorationId, data.versionId);
    if (finished.outcome === 'gone') {
      // The decoration was deleted while rendering: its files must not outlive it.
      await this.decorations.removeFiles([keys.result, keys.thumbnail, keys.added]);
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    if (finished.outcome === 'finished') {
      await this.decorations.removeFiles(finished.dropped);
      // The owner's other tabs and devices show the new result; staff fixes stay unseen until approval.
      if (data.reviewId === null)
        this.realtime.toUser(source.userId, 'SendProjectDecorationRetryConfirm', source.projectId);
    }
    return { versionId: data.versionId, resultKey: keys.result };
  }

  private async written(versionId: string): Promise<EditRendered | null> {
    const [row] = (await this.dataSource.query(
      `SELECT result_key FROM decoration_versions WHERE id = $1 AND state = 'ready'`,
      [versionId],
    )) as { result_key: string }[];
    return row ? { versionId, resultKey: row.result_key } : null;
  }

  private async source(decorationId: string): Promise<EditSource> {
    const [row] = (await this.dataSource.query(
      `SELECT d.project_id AS "projectId", d.user_id AS "userId", d.room_type AS "roomType", d.style,
              i.original_key AS "originalKey", i.width, i.height, e.document,
              v.result_key AS "baseKey", v.room_type AS "baseRoomType", v.style AS "baseStyle", v.seed AS "baseSeed",
              v.added_key AS "baseAddedKey"
         FROM decorations d
         JOIN project_images i ON i.id = d.image_id
         JOIN edit_documents e ON e.decoration_id = d.id
         LEFT JOIN decoration_versions v
           ON v.id::text = e.document->>'baseVersionId' AND v.decoration_id = d.id AND v.state = 'ready'
        WHERE d.id = $1`,
      [decorationId],
    )) as EditSource[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    // The base was dropped (older than the versions kept) after the document was saved.
    if (!row.baseKey) throw new AppError(ErrorCode.VALIDATION_FAILED);
    return row;
  }

  private async draw(
    source: EditSource,
    decorationId: string,
    document = editDocumentSchema.parse(source.document),
  ) {
    const products = await this.catalogue.find(productIds(document));
    const paints = new Map<string, PaintSource>();
    for (const [id, product] of products) {
      const svg = floorTexture(product);
      paints.set(
        id,
        svg && product.tileScale
          ? { kind: 'texture', svg, tileScale: product.tileScale }
          : { kind: 'colour', color: product.color },
      );
    }
    if (productIds(document).some((id) => !paints.has(id))) throw new AppError(ErrorCode.VALIDATION_FAILED);
    const [base, original, added] = await Promise.all([
      this.storage.get(source.baseKey!),
      this.storage.get(source.originalKey),
      source.baseAddedKey ? this.storage.get(source.baseAddedKey) : undefined,
    ]);
    const roomType = source.baseRoomType ?? source.roomType;
    const signal = AbortSignal.timeout(this.config.RENDER_TIMEOUT_SECONDS * 1000);
    return renderEdit({
      base,
      original,
      added,
      document,
      paints,
      // The engine sees the picture as edited under the AI area (the draft with the decorator's paint and
      // corrections): what it draws is kept inside the area, and the paint it did not cover stays.
      stage: (request) => this.stageArea(source, decorationId, roomType, request, signal),
    });
  }

  /**
   * One AI area: the engine's result over the picture under it, faded in from the area's edge so no seam or
   * cut piece shows. Kept by what it was made from (picture, area, mode, style, seed), so the editor's
   * preview and the delivered render use the very same result.
   */
  private async stageArea(
    source: EditSource,
    decorationId: string,
    roomType: RoomType,
    { image, mode, style, seed, mask }: StageRequest,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const chosen = style ?? source.baseStyle ?? source.style;
    const hash = createHash('sha256')
      .update(JSON.stringify({ mode, style: chosen, seed, roomType }))
      .update(image)
      .update(mask)
      .digest('hex')
      .slice(0, 32);
    const key = `projects/${source.projectId}/decorations/${decorationId}/ai-${hash}.jpg`;
    if (await this.storage.exists(key)) return this.storage.get(key);
    const started = performance.now();
    const staged = await this.engines.render(
      'editor_ai',
      {
        image,
        width: source.width,
        height: source.height,
        roomType,
        style: chosen,
        seed,
        mask,
        prompt: mode === 'reform' ? reformPrompt(roomType, chosen) : stagingPrompt(roomType, chosen),
      },
      { signal },
    );
    const result = await featherInto(image, staged.image, mask);
    await this.storage.put(key, result);
    this.logger.log(`AI area of ${decorationId} rendered in ${Math.round(performance.now() - started)} ms`);
    return result;
  }

  /**
   * The editor's preview of one AI layer: the document up to that layer rendered as it will be delivered,
   * cut to the layer's area, with the area's coverage as alpha.
   */
  @OnJob('decoration.edit-ai-preview')
  async preview(data: JobOf<'decoration.edit-ai-preview'>): Promise<AiPreviewRendered> {
    try {
      const document = editDocumentSchema.parse(data.document);
      const index = document.layers.findIndex((l) => l.id === data.layerId);
      const layer = document.layers[index];
      if (!layer || layer.type !== 'ai') throw new AppError(ErrorCode.VALIDATION_FAILED);
      const source = await this.previewSource(data.decorationId, document.baseVersionId);
      const upTo: EditDocument = {
        ...document,
        layers: document.layers.slice(0, index + 1),
        watermark: false,
      };
      const rendered = await this.draw(source, data.decorationId, upTo);
      const size = { width: rendered.width, height: rendered.height };
      const coverage = await rasteriseArea(layer.area, size);
      const box = coveredBox(coverage, size.width, size.height);
      if (!box) throw new AppError(ErrorCode.VALIDATION_FAILED);
      const alpha = await sharp(Buffer.from(coverage), { raw: { ...size, channels: 1 } })
        .extract(box)
        .raw()
        .toBuffer();
      const png = await sharp(rendered.result)
        .removeAlpha()
        .extract(box)
        .joinChannel(alpha, { raw: { width: box.width, height: box.height, channels: 1 } })
        .png()
        .toBuffer();
      const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
      const key = `projects/${source.projectId}/decorations/${data.decorationId}/ai-preview-${hash}.png`;
      await this.storage.put(key, png);
      return { layerId: layer.id, key, ...box };
    } catch (error) {
      throw this.jobError(error, `preview of ${data.layerId}`);
    }
  }

  /** What a preview reads: like `source`, with the base the request's document names (it may be unsaved). */
  private async previewSource(decorationId: string, baseVersionId: string): Promise<EditSource> {
    const [row] = (await this.dataSource.query(
      `SELECT d.project_id AS "projectId", d.user_id AS "userId", d.room_type AS "roomType", d.style,
              i.original_key AS "originalKey", i.width, i.height, NULL AS document,
              v.result_key AS "baseKey", v.room_type AS "baseRoomType", v.style AS "baseStyle", v.seed AS "baseSeed",
              v.added_key AS "baseAddedKey"
         FROM decorations d
         JOIN project_images i ON i.id = d.image_id
         LEFT JOIN decoration_versions v ON v.id::text = $2 AND v.decoration_id = d.id AND v.state = 'ready'
        WHERE d.id = $1`,
      [decorationId, baseVersionId],
    )) as EditSource[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    if (!row.baseKey) throw new AppError(ErrorCode.VALIDATION_FAILED);
    return row;
  }

  /**
   * Writes the version and makes it current, once: the decoration's lock orders two runs, and the
   * second finds the version there. A review's render must still hold the claim when it lands.
   */
  private async finish(
    data: JobOf<'decoration.edit'>,
    source: EditSource,
    keys: { result: string; thumbnail: string },
    addedKey: string | null,
  ): Promise<Finished> {
    return this.dataSource.transaction(async (m) => {
      const [decoration] = (await m.query(`SELECT id FROM decorations WHERE id = $1 FOR UPDATE`, [
        data.decorationId,
      ])) as unknown[];
      if (!decoration) return { outcome: 'gone' };
      const [exists] = (await m.query(`SELECT 1 FROM decoration_versions WHERE id = $1`, [
        data.versionId,
      ])) as unknown[];
      if (exists) return { outcome: 'done' };
      if (data.reviewId && data.staffId) await this.reviews.holdForEditing(data.reviewId, data.staffId, m);
      const roomType = source.baseRoomType ?? source.roomType;
      const style = source.baseStyle ?? source.style;
      await m.query(
        `INSERT INTO decoration_versions (id, decoration_id, number, room_type, style, seed, result_key,
                                          thumbnail_key, state, credits, charge_key, attempts, origin, added_key)
         SELECT $1::uuid, $2::uuid, coalesce(max(number), 0) + 1, $3::text, $4::text, $5::int, $6::text,
                $7::text, 'ready', 0, $8::text, 1, 'edit', $9::text
           FROM decoration_versions WHERE decoration_id = $2`,
        [
          data.versionId,
          data.decorationId,
          roomType,
          style,
          source.baseSeed ?? 1,
          keys.result,
          keys.thumbnail,
          `edit:${data.versionId}`,
          addedKey,
        ],
      );
      // A review's decoration stays pending: approving delivers this version.
      await m.query(
        `UPDATE decorations SET current_version_id = $2, room_type = $3, style = $4, updated_at = now() WHERE id = $1`,
        [data.decorationId, data.versionId, roomType, style],
      );
      await m.query(
        `UPDATE edit_documents SET rendered_edits = rendered_edits + $3, result_version_id = $2,
           rendering_version_id = CASE WHEN rendering_version_id = $2 THEN NULL ELSE rendering_version_id END
         WHERE decoration_id = $1`,
        [data.decorationId, data.versionId, data.reviewId === null ? 1 : 0],
      );
      const dropped = await this.decorations.prune(m, data.decorationId);
      if (data.reviewId && data.staffId)
        await this.reviews.recordSaved(data.reviewId, data.staffId, data.versionId, m);
      return { outcome: 'finished', dropped };
    });
  }

  /** Gives the decoration's render slot back (only if this job still holds it). */
  private async release(data: JobOf<'decoration.edit'>): Promise<void> {
    await this.dataSource
      .query(
        `UPDATE edit_documents SET rendering_version_id = NULL WHERE decoration_id = $1 AND rendering_version_id = $2`,
        [data.decorationId, data.versionId],
      )
      .catch((error: unknown) => this.logger.warn(`Render slot not released: ${String(error)}`));
  }

  /** The job's failure reason is an error code the waiting request answers with. */
  private jobError(error: unknown, versionId: string): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof StagingTimeoutError) return new AppError(ErrorCode.GENERATION_TIMEOUT);
    this.logger.warn(`Edit render ${versionId} failed: ${String(error)}`);
    return new AppError(ErrorCode.GENERATION_ERROR);
  }
}

/** Sigma of the fade at an AI area's edge, as a share of the image's width. */
const FEATHER = 0.004;

/**
 * The engine's picture faded into the one it was given: fully the engine's deep inside the area, nothing of it
 * at the area's edge (the blurred mask, stretched so it reaches 0 where the edge's coverage is one half). Only
 * the area's box is blended, in libvips: at 12 MP the whole picture would cost seconds.
 */
async function featherInto(under: Buffer, staged: Buffer, mask: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(under).metadata();
  const size = { width: width!, height: height! };
  const coverage = await sharp(mask)
    .resize(size.width, size.height, { fit: 'fill' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const sigma = Math.max(1, FEATHER * size.width);
  const covered = coveredBox(coverage, size.width, size.height);
  if (!covered) return under;
  // The box grown by the blur's reach, so the fade is not cut by it.
  const reach = Math.ceil(3 * sigma);
  const left = Math.max(0, covered.left - reach);
  const top = Math.max(0, covered.top - reach);
  const box = {
    left,
    top,
    width: Math.min(size.width, covered.left + covered.width + reach) - left,
    height: Math.min(size.height, covered.top + covered.height + reach) - top,
  };
  const region = { width: box.width, height: box.height };
  const [fade, picture] = await Promise.all([
    sharp(coverage, { raw: { ...size, channels: 1 } })
      .extract(box)
      .blur(sigma)
      .linear(2, -255)
      .extractChannel(0)
      .raw()
      .toBuffer(),
    sharp(staged)
      .autoOrient()
      .resize(size.width, size.height, { fit: 'fill' })
      .removeAlpha()
      .extract(box)
      .raw()
      .toBuffer(),
  ]);
  const faded = await sharp(picture, { raw: { ...region, channels: 3 } })
    .joinChannel(fade, { raw: { ...region, channels: 1 } })
    .raw()
    .toBuffer();
  return sharp(under)
    .removeAlpha()
    .composite([{ input: faded, raw: { ...region, channels: 4 }, left: box.left, top: box.top }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The smallest box holding every pixel of a coverage mask, or null for an empty one. */
function coveredBox(
  coverage: Uint8Array,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (coverage[y * width + x]) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}
