import { Module } from '@nestjs/common';
import { UserPayloadService } from './user-payload.service';

/** Split from IdentityModule so the wallet can push fresh payloads without importing identity. */
@Module({ providers: [UserPayloadService], exports: [UserPayloadService] })
export class UserPayloadModule {}
