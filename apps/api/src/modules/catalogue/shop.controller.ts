import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  createReformRequestSchema,
  type CreateReformRequestBody,
  type Favourite,
  type FavouriteStatus,
  type Locale,
  type Recommendations,
  type ReformRequest,
} from '@estancia/contracts';
import { RequestedLocale } from '../../infra/http/caller-locale';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { FavouritesService } from './favourites.service';
import { RecommendationsService } from './recommendations.service';
import { ReformRequestsService } from './reform-requests.service';

/** The customer's shop: recommendations for a decoration, favourites, reform budget requests. */
@Controller()
export class ShopController {
  constructor(
    private readonly recommendations: RecommendationsService,
    private readonly favourites: FavouritesService,
    private readonly reformRequests: ReformRequestsService,
  ) {}

  @Get('decoration/:id/recommendations')
  recommend(
    @Param('id') id: string,
    @CurrentUser() auth: AuthUser,
    @RequestedLocale() locale: Locale | null,
  ): Promise<Recommendations> {
    return this.recommendations.forDecoration(auth.userId, id, locale);
  }

  @Get('catalogue/favourites')
  listFavourites(
    @CurrentUser() auth: AuthUser,
    @RequestedLocale() locale: Locale | null,
  ): Promise<Favourite[]> {
    return this.favourites.list(auth.userId, locale);
  }

  @Post('catalogue/favourites/:productId')
  @HttpCode(200)
  addFavourite(
    @Param('productId') productId: string,
    @CurrentUser() auth: AuthUser,
  ): Promise<FavouriteStatus> {
    return this.favourites.add(auth.userId, productId);
  }

  @Delete('catalogue/favourites/:productId')
  @HttpCode(200)
  removeFavourite(
    @Param('productId') productId: string,
    @CurrentUser() auth: AuthUser,
  ): Promise<FavouriteStatus> {
    return this.favourites.remove(auth.userId, productId);
  }

  @Post('reform-requests')
  @HttpCode(201)
  requestReform(
    @Body(validate(createReformRequestSchema)) body: CreateReformRequestBody,
    @CurrentUser() auth: AuthUser,
  ): Promise<ReformRequest> {
    return this.reformRequests.create(auth.userId, body);
  }
}
