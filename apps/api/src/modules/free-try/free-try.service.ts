import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  LIMITS,
  type FreeTry,
  type Locale,
  type RoomType,
  type StartFreeTryFields,
  type Style,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobFailedError, JobQueue, JobWaitTimeoutError } from '../../infra/queue/job-queue.service';
import { Storage } from '../../infra/storage/storage.port';
import { freeTryDownloadName } from '../decorations/download-name';
import { PlatformService } from '../platform/platform.service';
import { prepareImage } from '../projects/image-processing';
import { MediaUrls } from '../projects/media-urls.service';
import { PersonDetector } from '../projects/person-detector.port';
import type { UploadedFile } from '../projects/project-images.service';
import { isUuid } from '../projects/projects.service';
import { FreeTryAllowance } from './free-try-allowance.service';
import { FreeTryExpiry } from './free-try-expiry.service';
import { freeTryKeys } from './free-try-files';
import { FreeTryRenderJob } from './free-try-render.job';

/** A try whose images are there to show and download. */
export interface ReadyFreeTry {
  id: string;
  roomType: RoomType;
  style: Style;
  beforeKey: string;
  previewKey: string;
  resultKey: string;
  expiresAt: Date;
}

/** Who is asking, for the free-try limits. */
export interface Visitor {
  ip: string;
  /** The browser's id (VISITOR_HEADER); null counts the attempt by address only. */
  visitor: string | null;
}

type Choice = { roomType: RoomType; style: Style };

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/**
 * The visitor's free decoration: start (a checked photo, decorated by the worker while the request
 * waits) and redecorate, both answered with the watermarked preview; the try lives 15 minutes from
 * its latest images.
 */
@Injectable()
export class FreeTryService {
  private readonly logger = new Logger('FreeTry');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly detector: PersonDetector,
    private readonly platform: PlatformService,
    private readonly allowance: FreeTryAllowance,
    private readonly jobs: JobQueue,
    private readonly renderer: FreeTryRenderJob,
    private readonly expiry: FreeTryExpiry,
  ) {}

  /**
   * Checks the photo exactly like a project photo, counts the attempt against the address's and the
   * browser's allowance, and answers once the first decoration is made. A refusal or a failed render
   * leaves no row and no files, and gives the attempt back.
   */
  async start(file: UploadedFile | undefined, choice: StartFreeTryFields, caller: Visitor): Promise<FreeTry> {
    await this.refuseOnHighDemand();
    if (!file) throw new AppError(ErrorCode.NO_IMAGE_SELECTED);
    if (file.size > LIMITS.maxImageBytes) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
    const reservation = await this.allowance.reserve(caller.ip, caller.visitor);
    const id = randomUUID();
    try {
      const image = await prepareImage(file.buffer);
      if (await this.detector.hasPerson(image.pixels)) throw new AppError(ErrorCode.IMAGE_HAS_PERSON);
      const keys = freeTryKeys(id);
      await Promise.all([
        this.storage.put(keys.original, image.original),
        this.storage.put(keys.before, image.preview),
      ]);
      // Rendering rows expire too: if the render never reports back, the sweep still removes the photo.
      await this.dataSource.query(
        `INSERT INTO free_tries (id, original_key, before_key, width, height, room_type, style, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
        [
          id,
          keys.original,
          keys.before,
          image.width,
          image.height,
          choice.roomType,
          choice.style,
          LIMITS.freeTryExpiryMinutes,
        ],
      );
      await this.render(id, 1, choice as Choice);
    } catch (error) {
      // A render still running after the wait keeps its attempt: it may yet land (or the sweep removes it).
      if (!(error instanceof JobWaitTimeoutError)) {
        await this.renderer.discard(id, 1);
        await this.allowance
          .release(reservation)
          .catch((cause: unknown) => this.logger.warn(`Free-try attempt not given back: ${String(cause)}`));
      }
      throw asAppError(error, this.logger);
    }
    return this.view(await this.ready(id));
  }

  /**
   * A new decoration of the same photo, replacing the previous one, with 15 new minutes. Redecorations
   * do not count against the visitor's allowance but are capped per try (FREE_TRY_REDECORATIONS).
   */
  async redecorate(id: string, change: Partial<Choice>): Promise<FreeTry> {
    if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND);
    await this.refuseOnHighDemand();
    // Each redecoration takes the next version number; the newest to finish is the one shown.
    const [rows] = (await this.dataSource.query(
      `UPDATE free_tries SET renders = renders + 1
        WHERE id = $1 AND state = 'ready' AND expires_at > now() AND renders <= $2
        RETURNING renders AS version, room_type AS "roomType", style`,
      [id, this.config.FREE_TRY_REDECORATIONS],
    )) as [({ version: number } & Choice)[], number];
    const reserved = rows[0];
    if (!reserved) throw await this.refusal(id);
    try {
      await this.render(id, reserved.version, {
        roomType: change.roomType ?? reserved.roomType,
        style: change.style ?? reserved.style,
      });
    } catch (error) {
      throw asAppError(error, this.logger);
    }
    return this.view(await this.ready(id));
  }

  /** The try with its images: NOT_FOUND for an unknown id, FREE_TRY_EXPIRED once its 15 minutes are over. */
  async ready(id: string): Promise<ReadyFreeTry> {
    if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = (await this.dataSource.query(
      `SELECT id, room_type AS "roomType", style, before_key AS "beforeKey", preview_key AS "previewKey",
              result_key AS "resultKey", expires_at AS "expiresAt", expires_at <= now() AS expired
         FROM free_tries WHERE id = $1 AND state = 'ready'`,
      [id],
    )) as (ReadyFreeTry & { expired: boolean })[];
    if (!row) {
      if (await this.expiry.wasDeleted(id)) throw new AppError(ErrorCode.FREE_TRY_EXPIRED);
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    if (row.expired) throw new AppError(ErrorCode.FREE_TRY_EXPIRED);
    const { expired: _, ...ready } = row;
    return ready;
  }

  view(freeTry: ReadyFreeTry): FreeTry {
    const ttl = this.ttlSeconds(freeTry);
    return {
      id: freeTry.id,
      previewUrl: this.urls.sign(freeTry.previewKey, ttl),
      originalUrl: this.urls.sign(freeTry.beforeKey, ttl),
      roomType: freeTry.roomType,
      style: freeTry.style,
      expiresAt: freeTry.expiresAt.toISOString(),
    };
  }

  /** The clean full-size result, signed until the try is deleted, saved as "Estancia_<room>_<style>" in `locale`. */
  downloadUrl(freeTry: ReadyFreeTry, locale: Locale): string {
    const name = freeTryDownloadName({
      roomType: freeTry.roomType,
      style: freeTry.style,
      extension: freeTry.resultKey.slice(freeTry.resultKey.lastIndexOf('.') + 1),
      locale,
    });
    return this.urls.signDownload(freeTry.resultKey, name, this.ttlSeconds(freeTry));
  }

  private ttlSeconds(freeTry: ReadyFreeTry): number {
    return Math.max(60, Math.ceil((freeTry.expiresAt.getTime() - Date.now()) / 1000));
  }

  private async render(id: string, version: number, choice: Choice): Promise<void> {
    await this.jobs.addAndWait(
      'free-try.render',
      { freeTryId: id, version, roomType: choice.roomType, style: choice.style, seed: randomInt(1, 2 ** 31) },
      { jobId: `${id}-v${version}`, attempts: 1 },
      // A little longer than the job's own limit, so the job reports its timeout before we give up.
      (this.config.RENDER_TIMEOUT_SECONDS + 15) * 1000,
    );
  }

  /** Why a redecoration was not reserved. */
  private async refusal(id: string): Promise<AppError> {
    const [row] = (await this.dataSource.query(
      `SELECT state, expires_at <= now() AS expired, renders FROM free_tries WHERE id = $1`,
      [id],
    )) as { state: string; expired: boolean; renders: number }[];
    if (!row || row.state !== 'ready')
      return new AppError(
        (await this.expiry.wasDeleted(id)) ? ErrorCode.FREE_TRY_EXPIRED : ErrorCode.NOT_FOUND,
      );
    if (row.expired) return new AppError(ErrorCode.FREE_TRY_EXPIRED);
    return new AppError(ErrorCode.FREE_TRY_LIMIT);
  }

  private async refuseOnHighDemand(): Promise<void> {
    if ((await this.platform.status()).isHighDemandFree) throw new AppError(ErrorCode.HIGH_DEMAND);
  }
}

/** A render's failure as the visitor is told it: the job's error code, or a timeout; anything else as it is. */
function asAppError(error: unknown, logger: Logger): unknown {
  if (error instanceof JobFailedError)
    return new AppError(
      ERROR_CODES.has(error.reason) ? (error.reason as ErrorCode) : ErrorCode.GENERATION_ERROR,
    );
  if (error instanceof JobWaitTimeoutError) {
    logger.warn(error.message);
    return new AppError(ErrorCode.GENERATION_TIMEOUT);
  }
  return error;
}
