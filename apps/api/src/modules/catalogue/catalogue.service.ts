import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type FloorPattern,
  type FurnitureCategory,
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
  name: string;
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
}

const COLUMNS = `id, type, name, brand, color, pattern, tile_scale, price_cents, unit, purchase_url, category,
  styles, room_types`;

/** Where a floor's texture is served (public, under /data). */
export const textureUrl = (productId: string): string => `/data/catalogue/products/${productId}/texture.svg`;

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  type: row.type,
  name: row.name,
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

export const toShopProduct = (row: ProductRow): ShopProduct => ({
  ...toProduct(row),
  category: row.category,
  styles: row.styles,
  roomTypes: row.room_types,
  pictureUrl: pictureUrl(row.id),
});

/** The texture a floor product is drawn with, in the browser and in the server's renderer alike. */
export const floorTexture = (product: Pick<Product, 'id' | 'pattern' | 'color'>): string | null =>
  product.pattern ? floorTextureSvg(product.pattern, product.color, product.id) : null;

/** Catalogue products: furniture, paints and floors, with their pictures and purchase links. */
@Injectable()
export class Catalogue {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Products on sale, in display order. */
  async list(type?: ProductType): Promise<ShopProduct[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM products WHERE active AND ($1::text IS NULL OR type = $1)
        ORDER BY type, sort_order, name`,
      [type ?? null],
    )) as ProductRow[];
    return rows.map(toShopProduct);
  }

  /** Products on sale that suit this room type and style, in display order. */
  async suiting(roomType: RoomType, style: Style): Promise<ShopProduct[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM products
        WHERE active AND $1::text = ANY (room_types) AND $2::text = ANY (styles)
        ORDER BY type, sort_order, name`,
      [roomType, style],
    )) as ProductRow[];
    return rows.map(toShopProduct);
  }

  /** These products as the shop shows them, withdrawn ones included; unknown ids are absent. */
  async findShop(ids: readonly string[]): Promise<Map<string, ShopProduct>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM products WHERE id = ANY($1::text[])`, [
      unique,
    ])) as ProductRow[];
    return new Map(rows.map((row) => [row.id, toShopProduct(row)]));
  }

  /** One product, withdrawn ones included (a favourite outlives its withdrawal); null when unknown. */
  async findOne(id: string): Promise<ShopProduct | null> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM products WHERE id = $1`, [
      id,
    ])) as ProductRow[];
    return rows[0] ? toShopProduct(rows[0]) : null;
  }

  /**
   * These products by id, withdrawn ones included: a document saved before a product left the
   * catalogue still renders. Unknown ids are simply absent from the map.
   */
  async find(ids: readonly string[]): Promise<Map<string, Product>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM products WHERE id = ANY($1::text[])`, [
      unique,
    ])) as ProductRow[];
    return new Map(rows.map((row) => [row.id, toProduct(row)]));
  }

  /** The SVG tile of a floor; NOT_FOUND for anything else. */
  async texture(id: string): Promise<string> {
    const texture = (await this.find([id])).get(id);
    const svg = texture && floorTexture(texture);
    if (!svg) throw new AppError(ErrorCode.NOT_FOUND);
    return svg;
  }

  /** Our own picture of any product: furniture drawn by category, a paint swatch, a floor tile. */
  async picture(id: string): Promise<string> {
    const product = await this.findOne(id);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND);
    if (product.category) return furniturePictureSvg(product.category, product.color, product.name);
    return floorTexture(product) ?? paintSwatchSvg(product.color, product.name);
  }
}
