import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  UploadedFiles,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  createProjectRequestSchema,
  ErrorCode,
  FieldIssue,
  LIMITS,
  projectListQuerySchema,
  type CreateProjectRequest,
  type ProjectListResponse,
  type ProjectSummary,
  type UploadImagesResponse,
} from '@estancia/contracts';
import type { Observable } from 'rxjs';
import { AppError } from '../../infra/http/app-error';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { ProjectImages, type UploadedFile } from './project-images.service';
import { ProjectsService } from './projects.service';

/**
 * Multipart parsing in memory. The size limit is one byte over the product's limit, so a file of
 * exactly the limit passes and anything bigger stops being read at once; both the multer refusal and
 * the service's own check answer IMAGE_TOO_LARGE instead of a generic 413.
 */
const MultipartFiles = FilesInterceptor('files', LIMITS.maxPhotosPerProject, {
  limits: { fileSize: LIMITS.maxImageBytes + 1, files: LIMITS.maxPhotosPerProject, fields: 10, parts: 20 },
});

@Injectable()
export class ImageUploadInterceptor extends MultipartFiles implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      if (error instanceof BadRequestException && /too many files/i.test(error.message)) {
        throw new AppError(ErrorCode.TOO_MANY_PHOTOS);
      }
      if (error instanceof BadRequestException)
        throw new AppError(ErrorCode.VALIDATION_FAILED, { files: FieldIssue.INVALID });
      throw error;
    }
  }
}

@Controller('project')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly images: ProjectImages,
  ) {}

  @Get()
  list(
    @Query(validate(projectListQuerySchema)) query: { search: string; page: number },
    @CurrentUser() auth: AuthUser,
  ): Promise<ProjectListResponse> {
    return this.projects.list(auth.userId, query.search, query.page);
  }

  @Post()
  create(
    @Body(validate(createProjectRequestSchema)) body: Required<CreateProjectRequest>,
    @CurrentUser() auth: AuthUser,
  ): Promise<ProjectSummary> {
    return this.projects.create(auth.userId, body.propertyName);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<void> {
    return this.projects.remove(auth.userId, id);
  }

  @Post(':id/images')
  @UseInterceptors(ImageUploadInterceptor)
  upload(
    @Param('id') id: string,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<UploadImagesResponse> {
    return this.images.upload(auth.userId, id, files ?? []);
  }
}
