import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import pino, { type DestinationStream } from 'pino';
import { demoteFrameworkChatter, logDestination, prettyLine } from './request-logging';

/** Collects what a logger writes, one string per record. */
function capture(): DestinationStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (chunk: string) => void lines.push(chunk) };
}

const at = new Date(2025, 2, 4, 9, 5, 7, 42).getTime();

describe('pretty log lines', () => {
  it('writes time, level, context and message on one line', () => {
    const line = prettyLine(
      JSON.stringify({ level: 40, time: at, pid: 1, context: 'Jobs', msg: 'mail.send failed' }),
    );
    expect(line).toBe('09:05:07.042 WARN  [Jobs] mail.send failed\n');
  });

  it('writes a request as method, path, status and duration', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: at,
        req: { id: 'r1', method: 'GET', path: '/data/projects', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    );
    expect(line).toBe('09:05:07.042 INFO  GET /data/projects 200 12ms\n');
  });

  it('puts an error’s stack under its line, indented', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: at,
        context: 'ExceptionsHandler',
        msg: 'boom',
        err: { message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' },
      }),
    );
    expect(line).toBe('09:05:07.042 ERROR [ExceptionsHandler] boom\n    Error: boom\n    at f (a.ts:1:1)\n');
  });

  it('colours the level only when asked, and passes anything not JSON through', () => {
    expect(prettyLine(JSON.stringify({ level: 50, time: at, msg: 'x' }), true)).toContain(
      '\x1b[31mERROR\x1b[0m',
    );
    expect(prettyLine('plain text\n')).toBe('plain text\n');
  });

  it('keeps JSON as JSON for LOG_FORMAT=json', () => {
    const out = capture();
    const logger = pino({ level: 'info' }, logDestination('json', out));
    logger.info({ context: 'Jobs' }, 'hello');
    expect(JSON.parse(out.lines[0]!)).toMatchObject({ level: 30, context: 'Jobs', msg: 'hello' });
    const pretty = capture();
    pino({ level: 'info' }, logDestination('pretty', pretty, false)).info({ context: 'Jobs' }, 'hello');
    expect(pretty.lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[Jobs\] hello\n$/);
  });
});

describe("Nest's start-up chatter", () => {
  /** Logs as Nest does at boot, through nestjs-pino's Nest logger, with our hook. */
  const boot = (level: string) => {
    const out = capture();
    const logger = new NestPinoLogger(
      new PinoLogger({ pinoHttp: { level, hooks: { logMethod: demoteFrameworkChatter }, stream: out } }),
      {},
    );
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('HealthController {/}:', 'RoutesResolver');
    logger.log('Mapped {/health/live, GET} route', 'RouterExplorer');
    logger.log('Starting Nest application...', 'NestFactory');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.log('Stranded outbox mail re-queued', 'Mail');
    logger.warn('The customer app is not built', 'Static');
    return out.lines.map((line) => JSON.parse(line) as { level: number; context: string; msg: string });
  };

  afterEach(() => {
    // nestjs-pino keeps its first pino instance for the whole process; each test builds its own.
    __resetOutOfContextForTests();
  });

  it('is left out at the default info level; our own lines stay', () => {
    expect(boot('info').map((r) => [r.level, r.context])).toEqual([
      [30, 'Mail'],
      [40, 'Static'],
    ]);
  });

  it('comes back at debug, as debug records', () => {
    const records = boot('debug');
    expect(records.filter((r) => r.level === 20).map((r) => r.context)).toEqual([
      'InstanceLoader',
      'RoutesResolver',
      'RouterExplorer',
      'NestFactory',
      'NestApplication',
    ]);
    expect(records.find((r) => r.context === 'RouterExplorer')?.msg).toBe('Mapped {/health/live, GET} route');
  });
});
