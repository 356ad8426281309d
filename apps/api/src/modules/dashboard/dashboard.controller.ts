import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { AdminDashboard } from '@estancia/contracts';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AdminOnly } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { DashboardRepository } from './dashboard.repository';

const dashboardQuerySchema = z.object({ days: z.coerce.number().int().min(7).max(366).default(30) });

/** GET /data/admin/dashboard?days=30: the admins' figures per day, counted in the business's time zone. */
@Controller('admin/dashboard')
export class DashboardController {
  constructor(
    private readonly repository: DashboardRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @AdminOnly()
  @Get()
  show(
    @Query(validate(dashboardQuerySchema)) query: z.output<typeof dashboardQuerySchema>,
  ): Promise<AdminDashboard> {
    return this.repository.figures(query.days, this.config.BUSINESS_TIME_ZONE);
  }
}
