import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PRODUCT_TYPES,
  type AdminProduct,
  type AdminProductWrite,
  type FloorPattern,
  type FurnitureCategory,
  type Locale,
  type ProductType,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../../infra/http/simple-rest';
import { shopPictureUrl } from './catalogue.service';

export const PRODUCT_SORTABLE = {
  sortOrder: 'p.sort_order',
  name: 'p.name',
  priceCents: 'p.price_cents',
  createdAt: 'p.created_at',
  id: 'p.id',
} as const;
export type ProductSortField = keyof typeof PRODUCT_SORTABLE;

/** A product as the console writes it (the id is the path's on update). */
export type ProductWrite = Omit<AdminProductWrite, 'id'>;

interface ProductRow {
  id: string;
  type: ProductType;
  names: Record<Locale, string>;
  brand: string;
  color: string;
  category: FurnitureCategory | null;
  pattern: FloorPattern | null;
  tile_scale: number | null;
  price_cents: number;
  unit: AdminProduct['unit'];
  purchase_url: string;
  styles: Style[];
  room_types: RoomType[];
  active: boolean;
  sort_order: number;
  picture_key: string | null;
  created_at: Date;
}

const SELECT = `SELECT p.id, p.type, p.names, p.brand, p.color, p.category, p.pattern, p.tile_scale, p.price_cents,
  p.unit, p.purchase_url, p.styles, p.room_types, p.active, p.sort_order, p.picture_key, p.created_at
  FROM products p`;

const toAdminProduct = (row: ProductRow): AdminProduct => ({
  id: row.id,
  type: row.type,
  names: { es: row.names.es, ca: row.names.ca, en: row.names.en },
  brand: row.brand,
  color: row.color,
  category: row.category,
  pattern: row.pattern,
  tileScale: row.tile_scale,
  priceCents: row.price_cents,
  unit: row.unit,
  purchaseUrl: row.purchase_url,
  styles: row.styles,
  roomTypes: row.room_types,
  active: row.active,
  sortOrder: row.sort_order,
  pictureUrl: shopPictureUrl(row.id, row.picture_key),
  createdAt: row.created_at.toISOString(),
});

/** The columns a write sets, in the order of `WRITE_COLUMNS`. */
const writeValues = (p: ProductWrite): unknown[] => [
  p.type,
  JSON.stringify(p.names),
  p.brand,
  p.color,
  p.category,
  p.pattern,
  p.tileScale,
  p.priceCents,
  p.unit,
  p.purchaseUrl,
  p.styles,
  p.roomTypes,
  p.active,
  p.sortOrder,
];
const WRITE_COLUMNS = [
  'type',
  'names',
  'brand',
  'color',
  'category',
  'pattern',
  'tile_scale',
  'price_cents',
  'unit',
  'purchase_url',
  'styles',
  'room_types',
  'active',
  'sort_order',
];
const CASTS: Record<string, string> = { names: '::jsonb', styles: '::text[]', room_types: '::text[]' };

/** SQL of the console's `products` resource; the table's CHECKs keep each type's own fields consistent. */
@Injectable()
export class AdminProductsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Filters: q (id, any name, brand), type, active (boolean), id (getMany). */
  async list(list: ListQuery<ProductSortField>): Promise<{ rows: AdminProduct[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const { q, type, active, id } = list.filter;
    if (typeof q === 'string' && q.trim()) {
      const like = param(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(
        `(p.id ILIKE ${like} OR p.brand ILIKE ${like} OR p.names ->> 'es' ILIKE ${like}
          OR p.names ->> 'ca' ILIKE ${like} OR p.names ->> 'en' ILIKE ${like})`,
      );
    }
    if (type !== undefined)
      where.push((PRODUCT_TYPES as readonly unknown[]).includes(type) ? `p.type = ${param(type)}` : 'false');
    if (typeof active === 'boolean' || active === 'true' || active === 'false')
      where.push(`p.active = ${param(active === true || active === 'true')}`);
    if (id !== undefined)
      where.push(`p.id = ANY(${param((Array.isArray(id) ? id : [id]).map(String))}::text[])`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM products p ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `${SELECT} ${whereSql}
          ORDER BY ${PRODUCT_SORTABLE[list.sort.field]} ${order}, p.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<ProductRow[]>,
    ]);
    return { rows: rows.map(toAdminProduct), total };
  }

  /** Pass `m` to lock the row for the rest of the transaction. */
  async find(id: string, m?: EntityManager): Promise<(AdminProduct & { pictureKey: string | null }) | null> {
    const [row] = (await (m ?? this.dataSource).query(`${SELECT} WHERE p.id = $1 ${m ? 'FOR UPDATE' : ''}`, [
      id,
    ])) as ProductRow[];
    return row ? { ...toAdminProduct(row), pictureKey: row.picture_key } : null;
  }

  /** False when the id is taken. */
  async insert(m: EntityManager, id: string, product: ProductWrite): Promise<boolean> {
    const values = WRITE_COLUMNS.map((column, i) => `$${i + 2}${CASTS[column] ?? ''}`);
    const inserted = (await m.query(
      `INSERT INTO products (id, ${WRITE_COLUMNS.join(', ')}) VALUES ($1, ${values.join(', ')})
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, ...writeValues(product)],
    )) as unknown[];
    return inserted.length > 0;
  }

  async update(m: EntityManager, id: string, product: ProductWrite): Promise<void> {
    const set = WRITE_COLUMNS.map((column, i) => `${column} = $${i + 2}${CASTS[column] ?? ''}`);
    await m.query(`UPDATE products SET ${set.join(', ')} WHERE id = $1`, [id, ...writeValues(product)]);
  }

  async setPicture(m: EntityManager, id: string, key: string): Promise<void> {
    await m.query(`UPDATE products SET picture_key = $2 WHERE id = $1`, [id, key]);
  }
}
