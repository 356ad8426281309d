import { Module } from '@nestjs/common';
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
  controllers: [CatalogueController, ShopController, ReformRequestsController],
  providers: [Catalogue, FavouritesService, RecommendationsService, ReformRequestsService, ReformRequestMail],
  exports: [Catalogue],
})
export class CatalogueModule {}
