import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type LogFn, type Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config';

const LOGGED_PATH = /^\/(data|api)(\/|$|\?)/;

/**
 * Nest's start-up chatter (about 150 "Mapped {/data/..., GET} route" lines, one line per module): debug, so at
 * the default level `npm start` shows only our own banner; LOG_LEVEL=debug brings it back.
 */
export const DEMOTED_CONTEXTS = new Set([
  'RoutesResolver',
  'RouterExplorer',
  'InstanceLoader',
  'NestFactory',
  'NestApplication',
  'WebSocketsController',
]);

const INFO = 30;

/** pino's logMethod hook: an info record from a demoted context is written at debug instead. */
export function demoteFrameworkChatter(
  this: Logger,
  args: Parameters<LogFn>,
  method: LogFn,
  level: number,
): void {
  const first: unknown = args[0];
  const context =
    typeof first === 'object' && first !== null ? (first as { context?: unknown }).context : undefined;
  if (level === INFO && typeof context === 'string' && DEMOTED_CONTEXTS.has(context)) {
    this.debug(...args);
    return;
  }
  method.apply(this, args);
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  context?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * One pino JSON record as one readable line: `12:04:05.120 INFO  [Context] message`, a request as
 * `GET /data/projects 200 12ms`; an error's stack follows on indented lines. What is not JSON passes unchanged.
 */
export function prettyLine(json: string, colour = false): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const at = new Date(record.time ?? Date.now());
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const level = record.level ?? INFO;
  let label = (LEVELS[level] ?? String(level)).padEnd(5);
  if (colour) label = `\x1b[${COLOURS[level] ?? '0'}m${label}\x1b[0m`;
  const parts = [time, label];
  if (record.context) parts.push(`[${record.context}]`);
  if (record.res && record.req) {
    parts.push(
      `${record.req.method ?? '?'} ${record.req.path ?? '?'} ${record.res.statusCode ?? '?'} ${Math.round(record.responseTime ?? 0)}ms`,
    );
  } else if (record.msg !== undefined) parts.push(record.msg);
  let line = parts.join(' ');
  if (record.err) {
    const detail = record.err.stack ?? record.err.message;
    if (detail && !(record.msg ?? '').includes(detail))
      line += `\n${detail
        .split('\n')
        .map((l) => `    ${l.trim()}`)
        .join('\n')}`;
  }
  return `${line}\n`;
}

/** Where records go: stdout (or `out`) as pino's JSON (`json`), or through prettyLine (`pretty`). */
export function logDestination(
  format: AppConfig['LOG_FORMAT'],
  // Synchronous, so lines are in order with the start-up banner and none is lost when the process exits.
  out: DestinationStream = pino.destination({ dest: 1, sync: true }),
  colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
): DestinationStream {
  if (format === 'json') return out;
  return { write: (chunk: string) => out.write(prettyLine(chunk, colour)) };
}

/**
 * Structured logs (pino) for the Nest logger and one line per API request: JSON for collectors, or one readable
 * line each (LOG_FORMAT). Static files, probes, metrics and socket polling are left out. A request is logged as
 * method, path and caller address only: no headers (tokens, cookies) and no bodies (passwords).
 */
export const RequestLoggingModule = LoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: [
      {
        level: config.LOG_LEVEL,
        hooks: { logMethod: demoteFrameworkChatter },
        genReqId: (req: IncomingMessage) => {
          const given = req.headers['x-request-id'];
          return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        },
        autoLogging: { ignore: (req: IncomingMessage) => !LOGGED_PATH.test(req.url ?? '') },
        serializers: {
          req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
            id: req.id,
            method: req.method,
            // Query strings are dropped: a signed link's secret would otherwise land in the log.
            path: req.url.split('?')[0],
            remoteAddress: req.remoteAddress,
          }),
          res: (res: ServerResponse | { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      },
      logDestination(config.LOG_FORMAT),
    ],
  }),
});
