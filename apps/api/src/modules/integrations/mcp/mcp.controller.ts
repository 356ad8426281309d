import type { IncomingMessage } from 'node:http';
import { Delete, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';
import {
  JSON_RPC_INVALID_REQUEST,
  jsonRpcError,
  McpErrorFilter,
  McpOriginGuard,
  requestOrigin,
} from './mcp-http';
import { McpServerFactory } from './mcp-server.factory';

/**
 * The MCP endpoint (`/api/v1/mcp`, Streamable HTTP), so an assistant can stage photos with the user's API
 * key. Stateless: each POST gets its own server and transport, so any api process answers any request and
 * nothing is kept between them; answers are plain JSON (nothing streams without a session).
 * The Origin is checked before the key (a foreign page is refused outright), and a 401 says where the
 * protected resource's metadata is.
 */
@IntegratorApi('mcp')
@UseGuards(McpOriginGuard)
@UseFilters(McpErrorFilter)
@ApiDoc({
  excludeFromDocs: true,
  reason:
    'MCP speaks JSON-RPC over Streamable HTTP and describes its own tools (tools/list); see the README.',
})
export class McpController {
  constructor(private readonly servers: McpServerFactory) {}

  @Post()
  async call(@CurrentUser() auth: AuthUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    // MCP 2025-06-18 removed JSON-RPC batching; the SDK would still take an array.
    if (Array.isArray(req.body)) {
      res
        .status(400)
        .json(
          jsonRpcError(
            JSON_RPC_INVALID_REQUEST,
            'Invalid Request: batches are not supported (MCP 2025-06-18).',
          ),
        );
      return;
    }
    const server = this.servers.create({ userId: auth.userId, origin: requestOrigin(req) });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The body is already parsed by the app; the caller is bound into the server, not read from req.auth.
    await transport.handleRequest(req as IncomingMessage, res, req.body);
  }

  /** No session, so no stream to open (GET) or end (DELETE): the SDK's stateless answer. */
  @Get()
  openStream(@Res() res: Response): void {
    methodNotAllowed(res);
  }

  @Delete()
  endSession(@Res() res: Response): void {
    methodNotAllowed(res);
  }
}

function methodNotAllowed(res: Response): void {
  res
    .status(405)
    .setHeader('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
}
