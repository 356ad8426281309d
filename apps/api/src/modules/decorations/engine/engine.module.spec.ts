import { Test } from '@nestjs/testing';
import { loadConfig } from '../../../infra/config/config';
import { ConfigModule } from '../../../infra/config/config.module';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { EngineModule } from './engine.module';
import { HttpStagingEngine } from './http-staging.engine';
import { StagingEngine } from './staging-engine.port';

async function engineFor(env: NodeJS.ProcessEnv): Promise<StagingEngine> {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), EngineModule],
  }).compile();
  return moduleRef.get(StagingEngine);
}

describe('EngineModule', () => {
  it('provides the built-in renderer when ENGINE_URL is not set', async () => {
    expect(await engineFor({})).toBeInstanceOf(BuiltInStagingEngine);
    expect(await engineFor({ ENGINE_URL: '' })).toBeInstanceOf(BuiltInStagingEngine);
  });

  it('provides the HTTP adapter when ENGINE_URL is set', async () => {
    expect(await engineFor({ ENGINE_URL: 'http://127.0.0.1:9999' })).toBeInstanceOf(HttpStagingEngine);
  });

  it('reads the engine settings with their defaults and refuses bad ones', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect([config.ENGINE_TIMEOUT_SECONDS, config.ENGINE_POLL_MS, config.ENGINE_RETRIES]).toEqual([
      120, 1000, 2,
    ]);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), ENGINE_RETRIES: '0' }).ENGINE_RETRIES).toBe(0);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), ENGINE_URL: 'not a url' })).toThrow(/ENGINE_URL/);
  });
});
