import { loadConfig } from '../../../infra/config/config';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { configuredEngines, defaultEngine, engineInfo } from './engines';
import { HttpStagingEngine } from './http-staging.engine';

const config = (env: NodeJS.ProcessEnv = {}) => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });

describe('engines from the configuration', () => {
  it('starts every use on the built-in renderer with nothing set, on the HTTP protocol with ENGINE_URL', () => {
    expect(defaultEngine(config())).toBe('builtin');
    expect(defaultEngine(config({ ENGINE_URL: '' }))).toBe('builtin');
    expect(defaultEngine(config({ ENGINE_URL: 'http://127.0.0.1:9999' }))).toBe('http');
    expect(defaultEngine(config({ ENGINE: 'openai', OPENAI_API_KEY: 'sk-x' }))).toBe('openai');
  });

  it('refuses at boot an ENGINE whose key or address is missing, naming what it needs', () => {
    expect(() => defaultEngine(config({ ENGINE: 'openai' }))).toThrow(/ENGINE: openai needs OPENAI_API_KEY/);
    expect(() => defaultEngine(config({ ENGINE: 'comfyui' }))).toThrow(/COMFYUI_URL/);
    expect(() => config({ ENGINE: 'midjourney' })).toThrow(/ENGINE/);
  });

  it('builds only the engines whose configuration is complete', () => {
    const bare = configuredEngines(config());
    expect([...bare.keys()]).toEqual(['builtin']);
    expect(bare.get('builtin')).toBeInstanceOf(BuiltInStagingEngine);
    const all = configuredEngines(
      config({
        ENGINE_URL: 'http://127.0.0.1:9999',
        OPENAI_API_KEY: 'sk-secret',
        REPLICATE_API_TOKEN: 'r8_secret',
        COMFYUI_URL: 'http://127.0.0.1:8188',
        VIRTUAL_STAGING_API_KEY: 'vsai-secret',
      }),
    );
    expect([...all.keys()]).toEqual(['builtin', 'http', 'openai', 'replicate', 'comfyui', 'virtual-staging']);
    expect(all.get('http')).toBeInstanceOf(HttpStagingEngine);
    for (const [name, engine] of all) expect(engine.name).toBe(name);
  });

  it('describes the engines without a secret in it', () => {
    const settings = config({ OPENAI_API_KEY: 'sk-secret', VIRTUAL_STAGING_API_KEY: 'vsai-secret' });
    const info = engineInfo(settings, configuredEngines(settings));
    expect(JSON.stringify(info)).not.toMatch(/secret/);
    expect(info.find((e) => e.name === 'virtual-staging')).toMatchObject({
      configured: true,
      emptiesRooms: true,
    });
    expect(info.find((e) => e.name === 'builtin')).toMatchObject({ demo: true, costCents: 0 });
    expect(info.find((e) => e.name === 'replicate')).toMatchObject({ configured: false });
  });

  it('reads the shared engine settings with their defaults and refuses bad ones', () => {
    const c = config();
    expect([c.ENGINE_TIMEOUT_SECONDS, c.ENGINE_POLL_MS, c.ENGINE_RETRIES]).toEqual([120, 1000, 2]);
    expect(config({ ENGINE_RETRIES: '0' }).ENGINE_RETRIES).toBe(0);
    expect(() => config({ ENGINE_URL: 'not a url' })).toThrow(/ENGINE_URL/);
  });
});
