import { Inject, Injectable } from '@nestjs/common';
import {
  ENGINE_USES,
  ErrorCode,
  type EngineChoice,
  type EngineRoute,
  type EngineRouteUpdate,
  type EngineSettings,
  type EngineStats,
  type EngineTestResult,
  type EngineUse,
} from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { AppError } from '../../../infra/http/app-error';
import { drawRoom, INSPIRATION_ROOMS } from '../../free-try/inspiration-rooms';
import { EngineRepository } from './engine.repository';
import { EngineRouter, CONFIGURED_ENGINES } from './engine-router.service';
import { defaultEngine, engineInfo } from './engines';
import { failureReason, type StagingEngine } from './staging-engine.port';
import { stagingPrompt } from './staging-prompt';

const SAMPLE_WIDTH = 1200;
const SAMPLE_HEIGHT = 800;

/** The console's engine control: which engine each use runs, a test render, and the figures. */
@Injectable()
export class EngineAdminService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CONFIGURED_ENGINES) private readonly engines: Map<EngineChoice['engine'], StagingEngine>,
    private readonly repository: EngineRepository,
    private readonly router: EngineRouter,
  ) {}

  async settings(): Promise<EngineSettings> {
    const stored = new Map((await this.repository.routes()).map((route) => [route.use, route]));
    const routes: EngineRoute[] = ENGINE_USES.map(
      (use) =>
        stored.get(use) ?? {
          use,
          engine: defaultEngine(this.config),
          model: null,
          fallbacks: [],
          updatedAt: null,
          updatedBy: null,
        },
    );
    return {
      engines: engineInfo(this.config, this.engines),
      routes,
      changes: await this.repository.changes(),
    };
  }

  /** Only engines configured on this server can be chosen; the change is kept with who made it. */
  async saveRoute(use: EngineUse, update: EngineRouteUpdate, userId: string): Promise<EngineSettings> {
    for (const choice of [update, ...update.fallbacks]) {
      if (!this.engines.has(choice.engine))
        throw new AppError(ErrorCode.ENGINE_NOT_CONFIGURED, { engine: choice.engine });
    }
    const before = (await this.settings()).routes.find((route) => route.use === use)!;
    await this.repository.saveRoute(
      use,
      update,
      { engine: before.engine, model: before.model, fallbacks: before.fallbacks },
      userId,
    );
    return this.settings();
  }

  /** Renders our first inspiration room with one engine and says how long it took. */
  async test(choice: EngineChoice): Promise<EngineTestResult> {
    const engine = this.router.engine(choice.engine);
    if (!engine) throw new AppError(ErrorCode.ENGINE_NOT_CONFIGURED, { engine: choice.engine });
    const example = INSPIRATION_ROOMS[0]!;
    const sample = await drawRoom(example.room, SAMPLE_WIDTH, SAMPLE_HEIGHT);
    const started = performance.now();
    const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    try {
      const { image } = await engine.render(
        {
          image: sample,
          width: SAMPLE_WIDTH,
          height: SAMPLE_HEIGHT,
          roomType: example.roomType,
          style: example.style,
          seed: example.seed,
          prompt: stagingPrompt(example.roomType, example.style),
          model: choice.model ?? undefined,
        },
        { signal: AbortSignal.timeout(this.config.RENDER_TIMEOUT_SECONDS * 1000) },
      );
      return {
        engine: choice.engine,
        ok: true,
        durationMs: Math.round(performance.now() - started),
        image: dataUrl(image),
        sample: dataUrl(sample),
        reason: null,
        message: null,
      };
    } catch (error) {
      return {
        engine: choice.engine,
        ok: false,
        durationMs: Math.round(performance.now() - started),
        image: null,
        sample: dataUrl(sample),
        reason: failureReason(error),
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }

  async stats(days: number): Promise<EngineStats> {
    return { days, engines: await this.repository.stats(days) };
  }
}
