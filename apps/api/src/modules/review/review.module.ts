import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { DecorationsModule } from '../decorations/decorations.module';
import { ProjectsModule } from '../projects/projects.module';
import { HolidaysService } from './holidays.service';
import { ReviewAccess } from './review-access';
import { ReviewMail } from './review-mail.service';
import { ReviewQueueModule } from './review-queue.module';
import { ReviewSweep } from './review-sweep.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

/** The supervised review queue: claims, approval, send-back, the working-hours clock, holidays, dashboard. */
@Module({
  imports: [DecorationsModule, ProjectsModule, ReviewQueueModule, BillingModule],
  controllers: [ReviewsController],
  providers: [ReviewsService, ReviewsRepository, HolidaysService, ReviewAccess, ReviewMail, ReviewSweep],
  exports: [ReviewAccess],
})
export class ReviewModule {}
