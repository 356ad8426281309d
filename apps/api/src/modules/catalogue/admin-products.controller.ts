import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  adminProductWriteSchema,
  ErrorCode,
  FieldIssue,
  LIMITS,
  type AdminProduct,
} from '@estancia/contracts';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { AdminOnly } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { PRODUCT_SORTABLE, type ProductSortField } from './admin-products.repository';
import { AdminProductsService } from './admin-products.service';

/** On update the id is the path's: ra-data-simple-rest sends the whole record back, id included. */
const productUpdateSchema = adminProductWriteSchema.omit({ id: true });

/**
 * One picture parsed in memory; the limit is one byte over the product's, so a file of exactly the limit
 * passes and a bigger one stops being read at once, answered IMAGE_TOO_LARGE as photo uploads are.
 */
const PictureFile = FileInterceptor('picture', {
  limits: { fileSize: LIMITS.maxImageBytes + 1, files: 1, fields: 5, parts: 6 },
});

@Injectable()
class PictureUploadInterceptor extends PictureFile implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      if (error instanceof BadRequestException)
        throw new AppError(ErrorCode.VALIDATION_FAILED, { picture: FieldIssue.INVALID });
      throw error;
    }
  }
}

/** Staff console (admins): the `products` resource of the shop's catalogue. */
@Controller('admin/products')
@AdminOnly()
export class AdminProductsController {
  constructor(private readonly products: AdminProductsService) {}

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminProduct[]> {
    const list = parseListQuery<ProductSortField>(
      query,
      Object.keys(PRODUCT_SORTABLE) as ProductSortField[],
      {
        field: 'sortOrder',
        order: 'ASC',
      },
    );
    const { rows, total } = await this.products.list(list);
    setContentRange(res, 'products', list.skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  show(@Param('id') id: string): Promise<AdminProduct> {
    return this.products.show(id);
  }

  @Post()
  @HttpCode(201)
  create(
    @Body(validate(adminProductWriteSchema)) body: z.output<typeof adminProductWriteSchema>,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminProduct> {
    const { id, ...product } = body;
    return this.products.create(auth.userId, id, product);
  }

  @Put(':id')
  update(
    @Param('id') id: string,
    @Body(validate(productUpdateSchema)) body: z.output<typeof productUpdateSchema>,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminProduct> {
    return this.products.update(auth.userId, id, body);
  }

  /** Multipart field `picture`: JPEG, PNG or WebP up to 2 MB; it becomes the shop's picture. */
  @Post(':id/picture')
  @HttpCode(200)
  @UseInterceptors(PictureUploadInterceptor)
  picture(
    @Param('id') id: string,
    @UploadedFile() file: { buffer: Buffer; size: number } | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminProduct> {
    return this.products.replacePicture(auth.userId, id, file);
  }
}
