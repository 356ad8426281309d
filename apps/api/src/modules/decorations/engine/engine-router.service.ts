import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EngineChoice, EngineName, EngineUse } from '@estancia/contracts';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { MetricsService } from '../../../infra/metrics/metrics.service';
import { REDIS, redisKey } from '../../../infra/redis/redis.module';
import { SharedSlots } from '../../../infra/redis/shared-slots';
import { EngineRepository } from './engine.repository';
import { defaultEngine, engineCostCents } from './engines';
import {
  failureReason,
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

/** Injection token of the engines whose configuration is complete (engines.ts builds them). */
export const CONFIGURED_ENGINES = Symbol('CONFIGURED_ENGINES');

export interface RoutedResult extends StagingResult {
  engine: EngineName;
}

/**
 * Sends each render to the engine staff chose for its use, then to the fallbacks in order when it fails
 * for good. The route is read per render, so a change applies to the next job in every process without a
 * restart. Each attempt is recorded for the console's figures. At most ENGINE_CONCURRENCY engine calls are
 * in flight at once across all workers, so a worker with a free slot never waits behind a busy one.
 */
@Injectable()
export class EngineRouter {
  private readonly logger = new Logger('EngineRouter');
  private readonly fallback: EngineName;
  private readonly slots: SharedSlots;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CONFIGURED_ENGINES) private readonly engines: Map<EngineName, StagingEngine>,
    @Inject(REDIS) redis: Redis,
    private readonly repository: EngineRepository,
    private readonly metrics: MetricsService,
  ) {
    this.fallback = defaultEngine(config);
    // A slot outlives no render: the worker gives up on one after RENDER_TIMEOUT_SECONDS.
    this.slots = new SharedSlots(
      redis,
      redisKey(config, 'engine-slots'),
      config.ENGINE_CONCURRENCY,
      (config.RENDER_TIMEOUT_SECONDS + 30) * 1000,
    );
  }

  /** The engines a render of this use tries, in order; ones whose configuration went away are skipped. */
  async choices(use: EngineUse): Promise<EngineChoice[]> {
    const route = await this.repository.route(use);
    const wanted = route ? [{ engine: route.engine, model: route.model }, ...route.fallbacks] : [];
    const usable = wanted.filter((choice) => this.engines.has(choice.engine));
    return usable.length ? usable : [{ engine: this.fallback, model: null }];
  }

  /** Whether the first engine of this use can empty a room (the wizard offers it only then). */
  async emptiesRooms(use: EngineUse): Promise<boolean> {
    const [first] = await this.choices(use);
    return this.engines.get(first!.engine)!.emptiesRooms;
  }

  /** The engine of a staff test render, even one no use is routed to yet. */
  engine(name: EngineName): StagingEngine | undefined {
    return this.engines.get(name);
  }

  /** `credits` is what the customer paid for this render, for the revenue beside the provider's cost. */
  async render(
    use: EngineUse,
    request: StagingRequest,
    options: StagingOptions = {},
    credits = 0,
  ): Promise<RoutedResult> {
    const choices = await this.choices(use);
    let lastError: unknown;
    for (const choice of choices) {
      const engine = this.engines.get(choice.engine)!;
      const started = performance.now();
      try {
        const send = await engine.prepare(
          {
            ...request,
            model: choice.model ?? undefined,
            emptyRoom: request.emptyRoom && engine.emptiesRooms,
          },
          options,
        );
        const result = await this.slots.run(send, options.signal);
        await this.record(use, choice, true, null, started, credits);
        return { ...result, engine: choice.engine };
      } catch (error) {
        lastError = error;
        // Given up while waiting for a slot: the engine never saw it.
        const gaveUp = options.signal?.aborted && !(error instanceof StagingTimeoutError);
        await this.record(
          use,
          choice,
          false,
          gaveUp ? new StagingTimeoutError('', 'cancelled') : error,
          started,
          0,
        );
        // A render the caller gave up on is over; only an engine's own failure moves to the next one.
        if (options.signal?.aborted || !(error instanceof StagingFailedError)) throw error;
        this.logger.warn(`${choice.engine} failed for ${use} (${error.reason}): ${error.message}`);
      }
    }
    throw lastError;
  }

  private async record(
    use: EngineUse,
    choice: EngineChoice,
    ok: boolean,
    error: unknown,
    started: number,
    credits: number,
  ): Promise<void> {
    this.metrics.renderFinished(choice.engine, ok ? 'succeeded' : failureReason(error));
    await this.repository
      .recordAttempt({
        engine: choice.engine,
        model: choice.model,
        use,
        ok,
        reason: ok ? null : failureReason(error),
        durationMs: performance.now() - started,
        costCents: engineCostCents(choice.engine),
        credits,
      })
      .catch((failure: unknown) => this.logger.warn(`Engine figures not stored: ${String(failure)}`));
  }
}
