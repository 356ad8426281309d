import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';

/** The admins' dashboard: sign-ups, revenue, credits and decorations per day, and the figures of now. */
@Module({
  controllers: [DashboardController],
  providers: [DashboardRepository],
})
export class DashboardModule {}
