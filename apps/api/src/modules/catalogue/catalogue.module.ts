import { Module } from '@nestjs/common';
import { AdminProductsController } from './admin-products.controller';
import { AdminProductsRepository } from './admin-products.repository';
import { AdminProductsService } from './admin-products.service';
import { CatalogueController } from './catalogue.controller';
import { Catalogue } from './catalogue.service';
import { FavouritesService } from './favourites.service';
import { RecommendationsService } from './recommendations.service';
import { ReformRequestMail } from './reform-request-mail.service';
import { ReformRequestsController } from './reform-requests.controller';
import { ReformRequestsService } from './reform-requests.service';
import { ShopController } from './shop.controller';

/**
 * Catalogue products (furniture, wall paints, floors), recommendations for a decoration, favourites
 * and reform budget requests.
 */
@Module({
  controllers: [CatalogueController, ShopController, ReformRequestsController, AdminProductsController],
  providers: [
    Catalogue,
    FavouritesService,
    RecommendationsService,
    ReformRequestsService,
    ReformRequestMail,
    AdminProductsService,
    AdminProductsRepository,
  ],
  exports: [Catalogue],
})
export class CatalogueModule {}
