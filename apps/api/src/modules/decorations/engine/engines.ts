import { readFileSync } from 'node:fs';
import { ENGINE_NAMES, type EngineInfo, type EngineName } from '@estancia/contracts';
import { ConfigError, type AppConfig } from '../../../infra/config/config';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { ComfyUiStagingEngine } from './comfyui-staging.engine';
import { HttpStagingEngine } from './http-staging.engine';
import { OpenAiStagingEngine } from './openai-staging.engine';
import { ReplicateStagingEngine } from './replicate-staging.engine';
import type { StagingEngine } from './staging-engine.port';
import { VirtualStagingEngine } from './virtual-staging.engine';

interface EngineKind {
  /** What configuration it needs, for the boot error and the console ("set OPENAI_API_KEY"). */
  needs: string;
  configured(config: AppConfig): boolean;
  create(config: AppConfig): StagingEngine;
  defaultModel(config: AppConfig): string | null;
  /**
   * Estimated provider cost of one render in euro cents, from the providers' public prices (Nov 2026):
   * OpenAI gpt-image-1 high quality 1536×1024 ≈ $0.25; a Replicate interior model ≈ $0.03 of GPU time;
   * Virtual Staging AI ≈ $0.40 per render on its volume plans; self-hosted engines cost their own GPU.
   */
  costCents: number;
}

const remote = (config: AppConfig) => ({
  timeoutSeconds: config.ENGINE_TIMEOUT_SECONDS,
  pollMs: config.ENGINE_POLL_MS,
  retries: config.ENGINE_RETRIES,
});

const KINDS: Record<EngineName, EngineKind> = {
  builtin: {
    needs: '',
    configured: () => true,
    create: () => new BuiltInStagingEngine(),
    defaultModel: () => null,
    costCents: 0,
  },
  http: {
    needs: 'ENGINE_URL',
    configured: (c) => !!c.ENGINE_URL,
    create: (c) => new HttpStagingEngine({ url: c.ENGINE_URL!, ...remote(c) }),
    defaultModel: () => null,
    costCents: 0,
  },
  openai: {
    needs: 'OPENAI_API_KEY',
    configured: (c) => !!c.OPENAI_API_KEY,
    create: (c) =>
      new OpenAiStagingEngine({
        apiKey: c.OPENAI_API_KEY!,
        baseUrl: c.OPENAI_BASE_URL,
        model: c.OPENAI_IMAGE_MODEL,
        timeoutSeconds: c.ENGINE_TIMEOUT_SECONDS,
        retries: c.ENGINE_RETRIES,
      }),
    defaultModel: (c) => c.OPENAI_IMAGE_MODEL,
    costCents: 23,
  },
  replicate: {
    needs: 'REPLICATE_API_TOKEN',
    configured: (c) => !!c.REPLICATE_API_TOKEN,
    create: (c) =>
      new ReplicateStagingEngine({
        apiToken: c.REPLICATE_API_TOKEN!,
        baseUrl: c.REPLICATE_BASE_URL,
        model: c.REPLICATE_MODEL,
        ...remote(c),
      }),
    defaultModel: (c) => c.REPLICATE_MODEL,
    costCents: 3,
  },
  comfyui: {
    needs: 'COMFYUI_URL',
    configured: (c) => !!c.COMFYUI_URL,
    create: (c) => {
      try {
        return new ComfyUiStagingEngine({
          url: c.COMFYUI_URL!,
          workflow: c.COMFYUI_WORKFLOW ? readWorkflow(c.COMFYUI_WORKFLOW) : undefined,
          ...remote(c),
        });
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        throw new ConfigError(`Invalid configuration:\n  COMFYUI_WORKFLOW: ${String(error)}`);
      }
    },
    defaultModel: () => null,
    costCents: 0,
  },
  'virtual-staging': {
    needs: 'VIRTUAL_STAGING_API_KEY',
    configured: (c) => !!c.VIRTUAL_STAGING_API_KEY,
    create: (c) =>
      new VirtualStagingEngine({
        apiKey: c.VIRTUAL_STAGING_API_KEY!,
        baseUrl: c.VIRTUAL_STAGING_URL,
        ...remote(c),
      }),
    defaultModel: () => null,
    costCents: 37,
  },
};

/** A staff-supplied ComfyUI graph (API format); a file that is not one stops the boot, naming it. */
function readWorkflow(path: string): object {
  try {
    const graph: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!graph || typeof graph !== 'object' || Array.isArray(graph)) throw new Error('not a JSON object');
    return graph;
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  COMFYUI_WORKFLOW: ${path}: ${String(error)}`);
  }
}

/** The engine of every use until staff choose another: ENGINE, else our HTTP protocol with ENGINE_URL, else built-in. */
export function defaultEngine(config: AppConfig): EngineName {
  const name = config.ENGINE ?? (config.ENGINE_URL ? 'http' : 'builtin');
  if (!KINDS[name].configured(config))
    throw new ConfigError(`Invalid configuration:\n  ENGINE: ${name} needs ${KINDS[name].needs}`);
  return name;
}

/** Every engine whose configuration is complete, built once per process. */
export function configuredEngines(config: AppConfig): Map<EngineName, StagingEngine> {
  return new Map(
    ENGINE_NAMES.filter((name) => KINDS[name].configured(config)).map((name) => [
      name,
      KINDS[name].create(config),
    ]),
  );
}

/** What the console shows of each engine: never a secret, only whether it is set. */
export function engineInfo(config: AppConfig, engines: Map<EngineName, StagingEngine>): EngineInfo[] {
  return ENGINE_NAMES.map((name) => ({
    name,
    configured: engines.has(name),
    demo: name === 'builtin',
    emptiesRooms: engines.get(name)?.emptiesRooms ?? false,
    defaultModel: KINDS[name].defaultModel(config),
    costCents: KINDS[name].costCents,
  }));
}

export const engineCostCents = (name: EngineName): number => KINDS[name].costCents;
