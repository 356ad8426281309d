import { Body, Param, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import {
  ErrorCode,
  importImageRequestSchema,
  LIMITS,
  uploadImagesResponseSchema,
  type ImportImageRequest,
  type UploadImagesResponse,
} from '@estancia/contracts';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { ProjectImages, type UploadedFile } from '../../projects/project-images.service';
import { ImageUploadInterceptor } from '../../projects/projects.controller';
import { Idempotent, IdempotencyInterceptor } from '../idempotency';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';
import { RemoteImageImport } from '../remote-images/remote-image-import.service';

/** What the upload path refuses a photo for, by multipart or by URL alike. */
const PHOTO_ERRORS = [
  ErrorCode.NOT_FOUND,
  ErrorCode.IMAGE_TOO_LARGE,
  ErrorCode.IMAGE_NOT_VALID,
  ErrorCode.IMAGE_TOO_MANY_PIXELS,
  ErrorCode.IMAGE_HAS_PERSON,
  ErrorCode.TOO_MANY_PHOTOS,
];

/** Photos of a project through the public API: the app's own upload path, by multipart or by URL. */
@IntegratorApi('projects')
export class ProjectImagesV1Controller {
  constructor(
    private readonly images: ProjectImages,
    private readonly remote: RemoteImageImport,
  ) {}

  @Post(':id/images')
  // The upload interceptor first, so the idempotency fingerprint covers the files.
  @UseInterceptors(ImageUploadInterceptor, IdempotencyInterceptor)
  @ApiDoc({
    tag: 'Images',
    operationId: 'uploadImages',
    summary: 'Upload photos to a project',
    description:
      `Multipart form, field \`files\`, up to ${LIMITS.maxPhotosPerProject} photos per project (JPEG, PNG or WebP, ` +
      'each within the size limit). All or nothing: if one photo is refused, none is stored. Location data ' +
      'and other metadata are removed; photos with people in them are refused.',
    multipart: { field: 'files', maxFiles: LIMITS.maxPhotosPerProject },
    status: 201,
    response: uploadImagesResponseSchema,
    errors: [ErrorCode.NO_IMAGE_SELECTED, ...PHOTO_ERRORS],
  })
  upload(
    @Param('id') id: string,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<UploadImagesResponse> {
    return this.images.upload(auth.userId, id, files ?? []);
  }

  @Post(':id/images/from-url')
  @Idempotent()
  @ApiDoc({
    tag: 'Images',
    operationId: 'importImageFromUrl',
    summary: 'Add a photo to a project from a URL',
    description:
      'We download the photo from a public https URL (at most 3 redirects, the same size limit as an upload; ' +
      'private and local addresses are refused) and check it exactly like an uploaded photo. The call ' +
      'answers once the photo is stored.',
    body: importImageRequestSchema,
    status: 201,
    response: uploadImagesResponseSchema,
    errors: [
      ErrorCode.URL_NOT_ALLOWED,
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
      ...PHOTO_ERRORS,
      // the workers are too busy to fetch it in time: try again shortly
      ErrorCode.HIGH_DEMAND,
    ],
  })
  async importFromUrl(
    @Param('id') id: string,
    @Body(validate(importImageRequestSchema)) body: ImportImageRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<UploadImagesResponse> {
    return { images: [await this.remote.importFromUrl(auth.userId, id, body.url)] };
  }
}
