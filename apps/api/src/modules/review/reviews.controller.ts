import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  approveReviewRequestSchema,
  createHolidayRequestSchema,
  reassignReviewRequestSchema,
  sendBackReviewRequestSchema,
  type ApproveReviewRequest,
  type CreateHolidayRequest,
  type Holiday,
  type NextReviewResponse,
  type ReassignReviewRequest,
  type Review,
  type ReviewAlerts,
  type ReviewDashboard,
  type ReviewDownloadPreview,
  type ReviewEvent,
  type SendBackReviewRequest,
} from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly, StaffOnly } from '../../infra/http/access';
import { setContentRange } from '../../infra/http/simple-rest';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { HolidaysService } from './holidays.service';
import { ReviewsService } from './reviews.service';

/** Staff console: the `reviews` and `holidays` resources (ra-data-simple-rest) and the review actions. */
@Controller('admin')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly holidays: HolidaysService,
  ) {}

  @StaffOnly()
  @Get('reviews')
  async list(
    @Query() query: unknown,
    @CurrentUser() auth: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Review[]> {
    const page = await this.reviews.list(query, auth.userId);
    setContentRange(res, 'reviews', page.skip, page.rows.length, page.total);
    return page.rows;
  }

  // Before reviews/:id, which would otherwise take "alerts" and "dashboard" for ids.
  @StaffOnly()
  @Get('reviews/alerts')
  alerts(): Promise<ReviewAlerts> {
    return this.reviews.alerts();
  }

  @AdminOnly()
  @Get('reviews/dashboard')
  dashboard(): Promise<ReviewDashboard> {
    return this.reviews.dashboard();
  }

  @StaffOnly()
  @Get('reviews/:id')
  show(@Param('id') id: string): Promise<Review> {
    return this.reviews.show(id);
  }

  /** What the approval hands the customer: whether their plan marks the file. */
  @StaffOnly()
  @Get('reviews/:id/download-preview')
  downloadPreview(@Param('id') id: string): Promise<ReviewDownloadPreview> {
    return this.reviews.downloadPreview(id);
  }

  /** The file itself, as the customer's download makes it (a JPEG, never cached: plans change). */
  @StaffOnly()
  @Get('reviews/:id/download-preview/image')
  async downloadPreviewImage(
    @Param('id') id: string,
    @Query('versionId') versionId: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const image = await this.reviews.downloadPreviewImage(id, versionId);
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(image);
  }

  @StaffOnly()
  @Get('reviews/:id/history')
  history(@Param('id') id: string): Promise<ReviewEvent[]> {
    return this.reviews.history(id);
  }

  /** "Next job": claims the oldest unclaimed job for the caller. */
  @StaffOnly()
  @Post('reviews/next')
  @HttpCode(200)
  next(@CurrentUser() auth: AuthUser): Promise<NextReviewResponse> {
    return this.reviews.next(auth.userId);
  }

  @StaffOnly()
  @Post('reviews/:id/claim')
  @HttpCode(200)
  claim(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<Review> {
    return this.reviews.claim(id, auth.userId);
  }

  @StaffOnly()
  @Post('reviews/:id/release')
  @HttpCode(200)
  release(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<Review> {
    return this.reviews.release(id, auth);
  }

  @AdminOnly()
  @Post('reviews/:id/reassign')
  @HttpCode(200)
  reassign(
    @Param('id') id: string,
    @Body(validate(reassignReviewRequestSchema)) body: ReassignReviewRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<Review> {
    return this.reviews.reassign(id, auth.userId, body.decoratorId);
  }

  @StaffOnly()
  @Post('reviews/:id/approve')
  @HttpCode(200)
  approve(
    @Param('id') id: string,
    @Body(validate(approveReviewRequestSchema)) body: ApproveReviewRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<Review> {
    return this.reviews.approve(id, auth.userId, body);
  }

  @StaffOnly()
  @Post('reviews/:id/send-back')
  @HttpCode(200)
  sendBack(
    @Param('id') id: string,
    @Body(validate(sendBackReviewRequestSchema)) body: SendBackReviewRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<Review> {
    return this.reviews.sendBack(id, auth.userId, body.note);
  }

  @StaffOnly()
  @Get('holidays')
  async listHolidays(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<Holiday[]> {
    const page = await this.holidays.list(query);
    setContentRange(res, 'holidays', page.skip, page.rows.length, page.total);
    return page.rows;
  }

  @StaffOnly()
  @Get('holidays/:id')
  showHoliday(@Param('id') id: string): Promise<Holiday> {
    return this.holidays.show(id);
  }

  @AdminOnly()
  @Post('holidays')
  @HttpCode(201)
  createHoliday(
    @Body(validate(createHolidayRequestSchema)) body: CreateHolidayRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<Holiday> {
    return this.holidays.create(body, auth.userId);
  }

  @AdminOnly()
  @Delete('holidays/:id')
  @HttpCode(200)
  removeHoliday(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<Holiday> {
    return this.holidays.remove(id, auth.userId);
  }
}
