import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../../../infra/http/access';
import { DOCS_PATH } from '../openapi/swagger-ui';
import { MCP_PATH, PROTECTED_RESOURCE_PATH, requestOrigin } from './mcp-http';

/**
 * RFC 9728's metadata of the MCP endpoint, where its 401 points: the resource takes the API key of the
 * customer's account as a bearer token in the Authorization header. We run no OAuth authorization server,
 * so the document names none; keys are created on the account's API page. Everything else under
 * /.well-known is the API's JSON 404, never a page of the customer app.
 */
@Public()
@Controller(PROTECTED_RESOURCE_PATH.slice(1))
export class ProtectedResourceController {
  /** At the root (where WWW-Authenticate points) and with the resource's path inserted (RFC 9728 section 3.1). */
  @Get(['', MCP_PATH.slice(1)])
  metadata(@Req() req: Request): Record<string, unknown> {
    const origin = requestOrigin(req);
    return {
      resource: `${origin}${MCP_PATH}`,
      resource_name: 'Estancia MCP',
      bearer_methods_supported: ['header'],
      resource_documentation: `${origin}${DOCS_PATH}`,
    };
  }
}
