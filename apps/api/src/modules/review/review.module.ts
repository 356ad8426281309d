import { Module } from '@nestjs/common';

/** The supervised review queue: claims, approval, send-back, the working-hours clock, holidays, dashboard. */
@Module({})
export class ReviewModule {}
