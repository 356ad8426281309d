import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, type AdminAuditEntry } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { AUDIT_SORTABLE, AuditLogRepository, type AuditSortField } from './audit-log.repository';

/** The `audit-log` resource of the staff console (read only: the log is append-only). */
@Controller('admin/audit-log')
export class AuditLogController {
  constructor(private readonly repository: AuditLogRepository) {}

  @AdminOnly()
  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminAuditEntry[]> {
    const list = parseListQuery<AuditSortField>(query, Object.keys(AUDIT_SORTABLE) as AuditSortField[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const { rows, total } = await this.repository.list(list);
    setContentRange(res, 'audit-log', list.skip, rows.length, total);
    return rows;
  }

  @AdminOnly()
  @Get(':id')
  async show(@Param('id') id: string): Promise<AdminAuditEntry> {
    const entry = await this.repository.find(id);
    if (!entry) throw new AppError(ErrorCode.NOT_FOUND);
    return entry;
  }
}
