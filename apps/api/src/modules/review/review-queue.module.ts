import { Module } from '@nestjs/common';
import { ReviewClock } from './review-clock';
import { ReviewQueue } from './review-queue.service';

/**
 * The part of the review that the decorations module calls (opening a review, a draft ready). Its
 * own module, so DecorationsModule can import it while ReviewModule imports DecorationsModule.
 */
@Module({
  providers: [ReviewClock, ReviewQueue],
  exports: [ReviewClock, ReviewQueue],
})
export class ReviewQueueModule {}
