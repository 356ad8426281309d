import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import {
  DEFAULT_LOCALE,
  productListQuerySchema,
  type Locale,
  type ProductType,
  type ShopProduct,
} from '@estancia/contracts';
import type { Response } from 'express';
import { Public } from '../../infra/http/access';
import { RequestedLocale } from '../../infra/http/caller-locale';
import { validate } from '../../infra/http/zod.pipe';
import { Storage } from '../../infra/storage/storage.port';
import { Catalogue } from './catalogue.service';

/**
 * The public catalogue: furniture, and the paints and floors the editor offers, named in the caller's
 * language (`?lang`, else Accept-Language, else Spanish).
 */
@Controller('catalogue')
export class CatalogueController {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly storage: Storage,
  ) {}

  @Public()
  @Get('products')
  products(
    @Query(validate(productListQuerySchema)) query: { type?: ProductType },
    @RequestedLocale() locale: Locale | null,
  ): Promise<ShopProduct[]> {
    return this.catalogue.list(locale ?? DEFAULT_LOCALE, query.type);
  }

  /** Drawn from the product's pattern and colour, so the same URL always answers the same tile. */
  @Public()
  @Get('products/:id/texture.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @Header('X-Content-Type-Options', 'nosniff')
  texture(@Param('id') id: string): Promise<string> {
    return this.catalogue.texture(id);
  }

  /** Our own drawing of the product (furniture), its swatch (paint) or its tile (floor). */
  @Public()
  @Get('products/:id/picture.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @Header('X-Content-Type-Options', 'nosniff')
  // The drawing is labelled with the product's name, in the language asked for.
  @Header('Vary', 'Accept-Language')
  picture(@Param('id') id: string, @RequestedLocale() locale: Locale | null): Promise<string> {
    return this.catalogue.picture(id, locale ?? DEFAULT_LOCALE);
  }

  /** The picture staff uploaded (WebP); each upload has its own file name, so a URL never changes content. */
  @Public()
  @Get('products/:id/picture/:file')
  async uploadedPicture(
    @Param('id') id: string,
    @Param('file') file: string,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.catalogue.uploadedPicture(id, file);
    const body = await this.storage.get(key);
    res.status(200);
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(body);
  }
}
