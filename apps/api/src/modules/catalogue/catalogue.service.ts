import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_LOCALE,
  ErrorCode,
  isLocale,
  type FloorPattern,
  type FurnitureCategory,
  type Locale,
  type Product,
  type ProductType,
  type RoomType,
  type ShopProduct,
  type Style,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { floorTextureSvg } from './floor-textures';
import { furniturePictureSvg, paintSwatchSvg } from './product-pictures';

interface ProductRow {
  id: string;
  type: ProductType;
  names: Record<Locale, string>;
  brand: string;
  color: string;
  pattern: FloorPattern | null;
  tile_scale: number | null;
  price_cents: number;
  unit: Product['unit'];
  purchase_url: string;
  category: FurnitureCategory | null;
  styles: Style[];
  room_types: RoomType[];
  picture_key: string | null;
}

const COLUMNS = `id, type, names, brand, color, pattern, tile_scale, price_cents, unit, purchase_url, category,
  styles, room_types, picture_key`;

/** Where a floor's texture is served (public, under /data). */
export const textureUrl = (productId: string): string => `/data/catalogue/products/${productId}/texture.svg`;

const toProduct = (row: ProductRow, locale: Locale): Product => ({
  id: row.id,
  type: row.type,
  name: row.names[locale] ?? row.names.en,
  brand: row.brand,
  color: row.color,
  textureUrl: row.type === 'floor' ? textureUrl(row.id) : null,
  pattern: row.pattern,
  tileScale: row.tile_scale,
  priceCents: row.price_cents,
  unit: row.unit,
  purchaseUrl: row.purchase_url,
});

/** Where a product's picture is served: the furniture drawing, the paint swatch or the floor tile. */
export const pictureUrl = (productId: string): string => `/data/catalogue/products/${productId}/picture.svg`;

/** Where staff's uploaded pictures are stored: a new file name per upload, so each URL never changes. */
export const uploadedPictureKey = (productId: string, file: string): string =>
  `catalogue/products/${productId}/${file}`;
export const UPLOADED_PICTURE_FILE = /^[0-9a-f]{16}\.webp$/;

/** The shop's picture: the one staff uploaded, else our own drawing. */
export const shopPictureUrl = (productId: string, pictureKey: string | null): string =>
  pictureKey
    ? `/data/catalogue/products/${productId}/picture/${pictureKey.slice(pictureKey.lastIndexOf('/') + 1)}`
    : pictureUrl(productId);

export const toShopProduct = (row: ProductRow, locale: Locale): ShopProduct => ({
  ...toProduct(row, locale),
  category: row.category,
  styles: row.styles,
  roomTypes: row.room_types,
  pictureUrl: shopPictureUrl(row.id, row.picture_key),
});

/** The texture a floor product is drawn with, in the browser and in the server's renderer alike. */
export const floorTexture = (product: Pick<Product, 'id' | 'pattern' | 'color'>): string | null =>
  product.pattern ? floorTextureSvg(product.pattern, product.color, product.id) : null;

/**
 * Catalogue products: furniture, paints and floors, with their pictures and purchase links. Names come
 * in the language asked for (each product has one per interface language).
 */
@Injectable()
export class Catalogue {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Products on sale, in display order. */
  async list(locale: Locale, type?: ProductType): Promise<ShopProduct[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM products WHERE active AND ($1::text IS NULL OR type = $1)
        ORDER BY type, sort_order, names ->> $2::text`,
      [type ?? null, locale],
    )) as ProductRow[];
    return rows.map((row) => toShopProduct(row, locale));
  }

  /** Products on sale that suit this room type and style, in display order. */
  async suiting(roomType: RoomType, style: Style, locale: Locale): Promise<ShopProduct[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM products
        WHERE active AND $1::text = ANY (room_types) AND $2::text = ANY (styles)
        ORDER BY type, sort_order, names ->> $3::text`,
      [roomType, style, locale],
    )) as ProductRow[];
    return rows.map((row) => toShopProduct(row, locale));
  }

  /** These products as the shop shows them, withdrawn ones included; unknown ids are absent. */
  async findShop(ids: readonly string[], locale: Locale): Promise<Map<string, ShopProduct>> {
    const rows = await this.rows(ids);
    return new Map(rows.map((row) => [row.id, toShopProduct(row, locale)]));
  }

  /** One product, withdrawn ones included (a favourite outlives its withdrawal); null when unknown. */
  async findOne(id: string, locale: Locale = DEFAULT_LOCALE): Promise<ShopProduct | null> {
    const [row] = await this.rows([id]);
    return row ? toShopProduct(row, locale) : null;
  }

  /**
   * These products by id, withdrawn ones included: a document saved before a product left the
   * catalogue still renders. Unknown ids are simply absent from the map.
   */
  async find(ids: readonly string[], locale: Locale = DEFAULT_LOCALE): Promise<Map<string, Product>> {
    const rows = await this.rows(ids);
    return new Map(rows.map((row) => [row.id, toProduct(row, locale)]));
  }

  /**
   * The language a signed-in caller reads product names in: the one the request asked for, else
   * the account's stored language, else the product's default.
   */
  async localeFor(userId: string, requested: Locale | null): Promise<Locale> {
    if (requested) return requested;
    const [user] = (await this.dataSource.query(`SELECT language FROM users WHERE id = $1`, [userId])) as {
      language: string;
    }[];
    return isLocale(user?.language) ? user.language : DEFAULT_LOCALE;
  }

  /** The SVG tile of a floor; NOT_FOUND for anything else. */
  async texture(id: string): Promise<string> {
    const texture = (await this.find([id])).get(id);
    const svg = texture && floorTexture(texture);
    if (!svg) throw new AppError(ErrorCode.NOT_FOUND);
    return svg;
  }

  /** Our own picture of any product (labelled with its name): furniture by category, a paint swatch, a floor tile. */
  async picture(id: string, locale: Locale): Promise<string> {
    const product = await this.findOne(id, locale);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND);
    if (product.category) return furniturePictureSvg(product.category, product.color, product.name);
    return floorTexture(product) ?? paintSwatchSvg(product.color, product.name);
  }

  /** The storage key of a product's uploaded picture by its file name; NOT_FOUND unless it is the current one. */
  async uploadedPicture(id: string, file: string): Promise<string> {
    const [row] = UPLOADED_PICTURE_FILE.test(file)
      ? ((await this.dataSource.query(`SELECT picture_key FROM products WHERE id = $1`, [id])) as {
          picture_key: string | null;
        }[])
      : [];
    if (!row || row.picture_key !== uploadedPictureKey(id, file)) throw new AppError(ErrorCode.NOT_FOUND);
    return row.picture_key;
  }

  private async rows(ids: readonly string[]): Promise<ProductRow[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    return (await this.dataSource.query(`SELECT ${COLUMNS} FROM products WHERE id = ANY($1::text[])`, [
      unique,
    ])) as ProductRow[];
  }
}
