import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type Locale,
  type Recommendations,
  type RecommendedProduct,
  type RoomType,
  type ShopProduct,
  type Style,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { assertId } from '../decorations/decorations.service';
import { Catalogue } from './catalogue.service';
import { colourMatch } from './colour-match';
import { FavouritesService } from './favourites.service';
import { dominantColours, type PaletteColour } from './result-palette';

/** At most this many products per group: a shortlist, not the catalogue. */
export const RECOMMENDATION_LIMITS = { furniture: 12, wall_paint: 6, floor: 4 } as const;

interface DecorationRow {
  room_type: RoomType;
  style: Style;
  result_key: string | null;
}

/**
 * Products for one decoration: those that suit its room type and style, ranked by how close their
 * colour is to the colours of its result (read from the image), each marked as favourite or not.
 */
@Injectable()
export class RecommendationsService {
  private readonly logger = new Logger(RecommendationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: Catalogue,
    private readonly favourites: FavouritesService,
    private readonly storage: Storage,
  ) {}

  /** The caller's decoration only; a foreign one answers like a missing one. Names in `requested`, else the account's language. */
  async forDecoration(
    userId: string,
    decorationId: string,
    requested: Locale | null,
  ): Promise<Recommendations> {
    assertId(decorationId);
    const [decoration] = (await this.dataSource.query(
      `SELECT d.room_type, d.style,
              CASE WHEN d.state = 'ready' AND v.state = 'ready' THEN v.result_key END AS result_key
         FROM decorations d LEFT JOIN decoration_versions v ON v.id = d.current_version_id
        WHERE d.id = $1 AND d.user_id = $2`,
      [decorationId, userId],
    )) as DecorationRow[];
    if (!decoration) throw new AppError(ErrorCode.NOT_FOUND);

    const palette = await this.palette(decoration.result_key);
    const locale = await this.catalogue.localeFor(userId, requested);
    const products = await this.catalogue.suiting(decoration.room_type, decoration.style, locale);
    const favourites = await this.favourites.favouriteIds(
      userId,
      products.map((p) => p.id),
    );
    const ranked = (type: ShopProduct['type']): RecommendedProduct[] =>
      products
        .filter((p) => p.type === type)
        .map((p, order) => ({
          product: { ...p, favourite: favourites.has(p.id), colourMatch: colourMatch(p.color, palette) },
          order,
        }))
        // Closest colour first; the catalogue's own order breaks ties (and orders all without a result).
        .sort((a, b) => b.product.colourMatch - a.product.colourMatch || a.order - b.order)
        .slice(0, RECOMMENDATION_LIMITS[type])
        .map(({ product }) => product);
    return {
      decorationId,
      roomType: decoration.room_type,
      style: decoration.style,
      palette: palette.map((c) => c.hex),
      furniture: ranked('furniture'),
      wall_paint: ranked('wall_paint'),
      floor: ranked('floor'),
    };
  }

  /** The result's dominant colours; none before there is a result or when it cannot be read. */
  private async palette(resultKey: string | null): Promise<PaletteColour[]> {
    if (!resultKey) return [];
    try {
      return await dominantColours(await this.storage.get(resultKey));
    } catch (error) {
      this.logger.warn(`cannot read the colours of ${resultKey}: ${String(error)}`);
      return [];
    }
  }
}
