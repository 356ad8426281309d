import { Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  createProjectRequestSchema,
  ErrorCode,
  importImageRequestSchema,
  orderDecorationsRequestSchema,
  projectListQuerySchema,
} from '@estancia/contracts';
import { AppError } from '../../../infra/http/app-error';
import { validate } from '../../../infra/http/zod.pipe';
import { DecorationsService } from '../../decorations/decorations.service';
import { ProjectsService } from '../../projects/projects.service';
import { WalletService } from '../../wallet/wallet.service';
import { RemoteImageImport } from '../remote-images/remote-image-import.service';
import { AbsoluteLinks, SERVER_INSTRUCTIONS, STAGING_TOOLS, toolAnswer, toolRefusal } from './mcp-tools';

/** Who a server acts for and where they reached us (for absolute media links). */
export interface McpCaller {
  userId: string;
  origin: string;
}

/**
 * Builds the MCP server of one request (the SDK's stateless pattern): its tools are bound to the API key's
 * owner and call the app's own services, so credits, plan rights, ownership (a foreign id is NOT_FOUND) and
 * error codes are the app's. Arguments go through the app's contract schemas as well as the tool's.
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly projects: ProjectsService,
    private readonly remoteImages: RemoteImageImport,
    private readonly decorations: DecorationsService,
    private readonly wallet: WalletService,
  ) {}

  create(caller: McpCaller): McpServer {
    const { userId } = caller;
    const links = new AbsoluteLinks(caller.origin);
    const server = new McpServer(
      { name: 'estancia', title: 'Estancia virtual staging', version: '1.0.0' },
      { instructions: SERVER_INSTRUCTIONS },
    );

    server.registerTool('list_projects', STAGING_TOOLS.list_projects, (args) =>
      this.answer(async () => {
        const query = validate(projectListQuerySchema).transform(args);
        return links.projects(await this.projects.list(userId, query.search, query.page));
      }),
    );

    server.registerTool('create_project', STAGING_TOOLS.create_project, (args) =>
      this.answer(async () => {
        const { propertyName } = validate(createProjectRequestSchema).transform(args);
        return links.project(await this.projects.create(userId, propertyName));
      }),
    );

    server.registerTool('upload_image_from_url', STAGING_TOOLS.upload_image_from_url, ({ projectId, url }) =>
      this.answer(async () => {
        const body = validate(importImageRequestSchema).transform({ url });
        return links.image(await this.remoteImages.importFromUrl(userId, projectId, body.url));
      }),
    );

    server.registerTool('order_decoration', STAGING_TOOLS.order_decoration, ({ projectId, ...item }) =>
      this.answer(async () => {
        const order = validate(orderDecorationsRequestSchema).transform({ items: [item] });
        const { decorations } = await this.decorations.order(userId, projectId, order);
        return links.decoration(decorations[0]!);
      }),
    );

    server.registerTool('get_decoration', STAGING_TOOLS.get_decoration, ({ decorationId }) =>
      this.answer(async () => links.decoration(await this.decorations.one(userId, decorationId))),
    );

    server.registerTool('get_wallet', STAGING_TOOLS.get_wallet, () =>
      this.answer(async () => ({ balance: await this.wallet.balance(userId) })),
    );

    return server;
  }

  /** Runs a tool: its answer, or the app's refusal as a tool error (anything unexpected is INTERNAL, logged). */
  private async answer(work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
    try {
      return toolAnswer(await work());
    } catch (error) {
      if (error instanceof AppError) return toolRefusal(error.code, error.fields);
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return toolRefusal(ErrorCode.INTERNAL);
    }
  }
}
