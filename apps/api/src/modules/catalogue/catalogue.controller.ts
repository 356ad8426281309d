import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { productListQuerySchema, type ProductType, type ShopProduct } from '@estancia/contracts';
import { Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { Catalogue } from './catalogue.service';

/** The public catalogue: furniture, and the paints and floors the editor offers. */
@Controller('catalogue')
export class CatalogueController {
  constructor(private readonly catalogue: Catalogue) {}

  @Public()
  @Get('products')
  products(@Query(validate(productListQuerySchema)) query: { type?: ProductType }): Promise<ShopProduct[]> {
    return this.catalogue.list(query.type);
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
  picture(@Param('id') id: string): Promise<string> {
    return this.catalogue.picture(id);
  }
}
