import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ErrorCode, type InspirationExample } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobFailedError, JobQueue, JobWaitTimeoutError } from '../../infra/queue/job-queue.service';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { Storage } from '../../infra/storage/storage.port';
import { BuiltInStagingEngine } from '../decorations/engine/built-in-staging.engine';
import { stagingPrompt } from '../decorations/engine/staging-prompt';
import { MediaUrls } from '../projects/media-urls.service';
import { drawRoom, INSPIRATION_ROOMS } from './inspiration-rooms';

/** Bump when the rooms or the engine change, so the gallery is drawn again under new keys. */
const GALLERY = 'inspiration/v2';
/** Written last: its presence means every image of the gallery is stored. */
const COMPLETE = `${GALLERY}/complete.txt`;
const WIDTH = 1200;
const HEIGHT = 800;
const DAY_MS = 24 * 3600 * 1000;
/** Links signed from the start of the day for 8 days: the same URL all day, so browsers keep the images. */
const LINK_TTL_SECONDS = 8 * 24 * 3600;
const DRAW_WAIT_MS = 120_000;

export const inspirationKeys = (id: string) => ({
  before: `${GALLERY}/${id}/before.jpg`,
  after: `${GALLERY}/${id}/after.jpg`,
});

/**
 * The before/after gallery of the free-try page: our own drawn rooms, decorated by the built-in engine
 * (always ours, whatever ENGINE_URL says). Drawn once by the `free-try.inspiration` job, at a worker's
 * boot or on the first request, and kept in storage.
 */
@Injectable()
export class InspirationGallery implements OnApplicationBootstrap {
  private readonly logger = new Logger('Inspiration');
  private stored = false;
  private checking?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly jobs: JobQueue,
  ) {}

  /** A dedicated worker draws it ahead of the first visitor; `all` leaves it to the first request. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE !== 'worker') return;
    if (!(await this.storage.exists(COMPLETE))) await this.jobs.add('free-try.inspiration', {});
  }

  async list(now = Date.now()): Promise<InspirationExample[]> {
    await this.ensureStored();
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    return INSPIRATION_ROOMS.map(({ id, roomType, style }) => {
      const keys = inspirationKeys(id);
      return {
        id,
        roomType,
        style,
        beforeUrl: this.urls.sign(keys.before, LINK_TTL_SECONDS, day),
        afterUrl: this.urls.sign(keys.after, LINK_TTL_SECONDS, day),
      };
    });
  }

  @OnJob('free-try.inspiration')
  async draw(): Promise<void> {
    // Requests that came in together each queued a job; the first draws, the rest find it done.
    if (await this.storage.exists(COMPLETE)) return;
    const engine = new BuiltInStagingEngine();
    for (const example of INSPIRATION_ROOMS) {
      const keys = inspirationKeys(example.id);
      const before = await drawRoom(example.room, WIDTH, HEIGHT);
      const { image: after } = await engine.render({
        image: before,
        width: WIDTH,
        height: HEIGHT,
        roomType: example.roomType,
        style: example.style,
        seed: example.seed,
        prompt: stagingPrompt(example.roomType, example.style),
      });
      await this.storage.put(keys.before, before);
      await this.storage.put(keys.after, after);
    }
    await this.storage.put(COMPLETE, Buffer.from(new Date().toISOString()));
    this.logger.log(`Inspiration gallery drawn (${INSPIRATION_ROOMS.length} examples)`);
  }

  private async ensureStored(): Promise<void> {
    if (this.stored) return;
    this.checking ??= (async () => {
      try {
        if (!(await this.storage.exists(COMPLETE)))
          await this.jobs.addAndWait('free-try.inspiration', {}, { attempts: 1 }, DRAW_WAIT_MS);
        this.stored = true;
      } catch (error) {
        if (error instanceof JobWaitTimeoutError) throw new AppError(ErrorCode.GENERATION_TIMEOUT);
        if (error instanceof JobFailedError) {
          this.logger.error(`Inspiration gallery not drawn: ${error.reason}`);
          throw new AppError(ErrorCode.GENERATION_ERROR);
        }
        throw error;
      } finally {
        // A failure is not remembered: the next request tries again.
        this.checking = undefined;
      }
    })();
    await this.checking;
  }
}
