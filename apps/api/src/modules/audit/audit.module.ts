import { Global, Module } from '@nestjs/common';
import { AuditLogController } from './audit-log.controller';
import { AuditLogRepository } from './audit-log.repository';
import { AuditLog } from './audit-log.service';

/** Global: every domain's staff actions write to it. */
@Global()
@Module({
  controllers: [AuditLogController],
  providers: [AuditLogRepository, AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
