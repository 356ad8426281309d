import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  createApiKeyRequestSchema,
  type ApiKeysResponse,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@estancia/contracts';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { ApiKeys } from './api-keys.service';

/** The API integration page's keys (signed-in customer app session). */
@Controller('integrations/keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeys) {}

  @Get()
  list(@CurrentUser() auth: AuthUser): Promise<ApiKeysResponse> {
    return this.keys.list(auth.userId);
  }

  @Post()
  create(
    @Body(validate(createApiKeyRequestSchema)) body: Required<CreateApiKeyRequest>,
    @CurrentUser() auth: AuthUser,
  ): Promise<CreatedApiKey> {
    return this.keys.create(auth.userId, body.name);
  }

  @Post(':id/rotate')
  rotate(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<CreatedApiKey> {
    return this.keys.rotate(auth.userId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<void> {
    await this.keys.revoke(auth.userId, id);
  }
}
