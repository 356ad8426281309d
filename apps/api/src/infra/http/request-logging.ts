import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config';

const LOGGED_PATH = /^\/(data|api)(\/|$|\?)/;

/**
 * Structured JSON logs (pino) for the Nest logger and one line per API request. Static files and
 * socket polling are left out. A request is logged as method, path and caller address only: no
 * headers (tokens, cookies) and no bodies (passwords).
 */
export const RequestLoggingModule = LoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: [
      {
        level: config.LOG_LEVEL,
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
      // Synchronous, so lines are in order with the start-up banner and none is lost when the process exits.
      pino.destination({ dest: 1, sync: true }),
    ],
  }),
});
