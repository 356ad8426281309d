import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, type Favourite, type FavouriteStatus, type Locale } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { Catalogue } from './catalogue.service';

/** A customer's favourite products. Adding or removing twice is the same as once. */
@Injectable()
export class FavouritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: Catalogue,
  ) {}

  async add(userId: string, productId: string): Promise<FavouriteStatus> {
    await this.assertProduct(productId);
    await this.dataSource.query(
      `INSERT INTO product_favourites (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, productId],
    );
    return { productId, favourite: true };
  }

  async remove(userId: string, productId: string): Promise<FavouriteStatus> {
    await this.assertProduct(productId);
    await this.dataSource.query(`DELETE FROM product_favourites WHERE user_id = $1 AND product_id = $2`, [
      userId,
      productId,
    ]);
    return { productId, favourite: false };
  }

  /** Newest first; names in `requested`, else the account's language. */
  async list(userId: string, requested: Locale | null): Promise<Favourite[]> {
    const rows = (await this.dataSource.query(
      `SELECT product_id, created_at FROM product_favourites WHERE user_id = $1 ORDER BY created_at DESC`,
      [userId],
    )) as { product_id: string; created_at: Date }[];
    const locale = await this.catalogue.localeFor(userId, requested);
    const products = await this.catalogue.findShop(
      rows.map((row) => row.product_id),
      locale,
    );
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      return product ? [{ ...product, favouritedAt: row.created_at.toISOString() }] : [];
    });
  }

  /** Which of these products the customer has among their favourites. */
  async favouriteIds(userId: string, productIds: readonly string[]): Promise<Set<string>> {
    if (!productIds.length) return new Set();
    const rows = (await this.dataSource.query(
      `SELECT product_id FROM product_favourites WHERE user_id = $1 AND product_id = ANY ($2::text[])`,
      [userId, [...productIds]],
    )) as { product_id: string }[];
    return new Set(rows.map((row) => row.product_id));
  }

  private async assertProduct(productId: string): Promise<void> {
    if (!(await this.catalogue.findOne(productId))) throw new AppError(ErrorCode.NOT_FOUND);
  }
}
