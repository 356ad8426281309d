import {
  Catch,
  HttpException,
  Inject,
  Injectable,
  type ArgumentsHost,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { AppError } from '../../../infra/http/app-error';
import { ErrorFilter } from '../../../infra/http/error.filter';
import { corsOrigins } from '../../../infra/realtime/hub';

/** Where the MCP endpoint is served (Streamable HTTP). */
export const MCP_PATH = '/api/v1/mcp';
/** RFC 9728's document of the protected resource; the 401's WWW-Authenticate points to it. */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** The origin a request reached us at (Express honours trust proxy, so behind a load balancer the public one). */
export const requestOrigin = (req: Request): string => `${req.protocol}://${req.host}`;

/** A JSON-RPC error answer without an id (the request's id is unknown or there is none). */
export const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  error: { code, message },
  id: null,
});

/** JSON-RPC's codes for a body that is not JSON and for one that is not a single request. */
export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;

/**
 * The MCP endpoint's own JSON parser, mounted before the app's: a body that is not JSON answers JSON-RPC's
 * parse error (400, -32700) instead of the app's `{ code, message }`, so an MCP client can read it.
 */
export function mcpJsonBody(limit: string): RequestHandler[] {
  const parse = express.json({ limit });
  const parseFailure = (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if ((error as { type?: unknown } | null)?.type === 'entity.parse.failed')
      res.status(400).json(jsonRpcError(JSON_RPC_PARSE_ERROR, 'Parse error: the body is not JSON.'));
    else next(error);
  };
  return [parse, parseFailure as unknown as RequestHandler];
}

/**
 * MCP's Streamable HTTP transport tells servers to validate Origin (a web page must not drive a local or
 * intranet server through DNS rebinding). A browser's request is let in only from our own origins (PUBLIC_URL
 * and CORS_ORIGINS); the request's own Host is not trusted for that, since rebinding controls it. Clients
 * outside a browser send no Origin and pass.
 */
@Injectable()
export class McpOriginGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const origins = new Set<string>();
    for (const address of [config.PUBLIC_URL, ...corsOrigins(config)]) {
      try {
        origins.add(new URL(address).origin);
      } catch {
        // not a URL: nothing to allow
      }
    }
    this.allowed = origins;
  }

  canActivate(context: ExecutionContext): boolean {
    const origin = context.switchToHttp().getRequest<Request>().headers.origin;
    if (origin !== undefined && !this.allowed.has(origin)) throw new AppError(ErrorCode.FORBIDDEN);
    return true;
  }
}

/**
 * The app's error answers, plus what the MCP authorization spec asks of a 401: `WWW-Authenticate: Bearer`
 * with the address of the protected resource's metadata (RFC 9728), where a client learns how to send a key.
 */
@Catch()
export class McpErrorFilter extends ErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http') {
      const status =
        exception instanceof AppError
          ? exception.status
          : exception instanceof HttpException
            ? exception.getStatus()
            : 500;
      const ctx = host.switchToHttp();
      if (status === 401 && !ctx.getResponse<Response>().headersSent)
        ctx
          .getResponse<Response>()
          .setHeader(
            'WWW-Authenticate',
            `Bearer resource_metadata="${requestOrigin(ctx.getRequest<Request>())}${PROTECTED_RESOURCE_PATH}"`,
          );
    }
    super.catch(exception, host);
  }
}
