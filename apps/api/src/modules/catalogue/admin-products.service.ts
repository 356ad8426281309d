import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, FieldIssue, LIMITS, type AdminProduct } from '@estancia/contracts';
import { QueryFailedError, type DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import type { ListQuery } from '../../infra/http/simple-rest';
import { Storage } from '../../infra/storage/storage.port';
import { AuditLog, changedFields } from '../audit/audit-log.service';
import {
  AdminProductsRepository,
  type ProductSortField,
  type ProductWrite,
} from './admin-products.repository';
import { shopPictureUrl, uploadedPictureKey } from './catalogue.service';
import { encodeUploadedPicture } from './product-pictures';

const RESOURCE = 'products';

/** The fields a write sets, as the audit log records them. */
const written = (p: ProductWrite): Record<string, unknown> => ({
  type: p.type,
  names: p.names,
  brand: p.brand,
  color: p.color,
  category: p.category,
  pattern: p.pattern,
  tileScale: p.tileScale,
  priceCents: p.priceCents,
  unit: p.unit,
  purchaseUrl: p.purchaseUrl,
  styles: p.styles,
  roomTypes: p.roomTypes,
  active: p.active,
  sortOrder: p.sortOrder,
});

/**
 * The fields a failed CHECK of the products table is about, so the form can mark them. The two cross-field
 * rules (a floor has a pattern and a tile scale; furniture, and only furniture, has a category) flag the
 * fields missing for the type, or the ones the type must not have; both rules are told at once, though
 * PostgreSQL names only the first CHECK that failed.
 */
export function checkViolationFields(constraint: string, product: ProductWrite): Record<string, string> {
  const flag = (fields: ('pattern' | 'tileScale' | 'category')[], required: boolean) =>
    fields
      .filter((field) => (product[field] === null) === required)
      .map((field) => [field, required ? FieldIssue.REQUIRED : FieldIssue.INVALID] as const);
  if (constraint === 'products_floor_texture' || constraint === 'products_furniture_category') {
    const floor = product.type === 'floor';
    const furniture = product.type === 'furniture';
    const floorBroken = floor !== (product.pattern !== null && product.tileScale !== null);
    const furnitureBroken = furniture !== (product.category !== null);
    return Object.fromEntries([
      ...(floorBroken ? flag(['pattern', 'tileScale'], floor) : []),
      ...(furnitureBroken ? flag(['category'], furniture) : []),
    ]);
  }
  if (constraint === 'products_names') return { names: FieldIssue.INVALID };
  // A one-column CHECK is named products_<column>_check by PostgreSQL.
  const column = /^products_(.+)_check$/.exec(constraint)?.[1];
  const field = column?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return { [field ?? '_']: FieldIssue.INVALID };
}

const checkViolation = (error: unknown): string | null => {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23514' && driver.constraint ? driver.constraint : null;
};

/** The console's catalogue: create and edit products, and replace a product's shop picture. */
@Injectable()
export class AdminProductsService {
  private readonly logger = new Logger('AdminProducts');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminProductsRepository,
    private readonly storage: Storage,
    private readonly auditLog: AuditLog,
  ) {}

  list(list: ListQuery<ProductSortField>): Promise<{ rows: AdminProduct[]; total: number }> {
    return this.repository.list(list);
  }

  async show(id: string): Promise<AdminProduct> {
    const product = await this.repository.find(id);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND);
    return withoutKey(product);
  }

  /** A new product; an id already taken is refused on the id field. */
  async create(staffId: string, id: string, product: ProductWrite): Promise<AdminProduct> {
    await this.checked(product, () =>
      this.dataSource.transaction(async (m) => {
        if (!(await this.repository.insert(m, id, product)))
          throw new AppError(ErrorCode.VALIDATION_FAILED, { id: FieldIssue.INVALID });
        await this.auditLog.record(m, {
          actorId: staffId,
          action: `${RESOURCE}.create`,
          resource: RESOURCE,
          recordId: id,
          before: null,
          after: { id, ...written(product) },
        });
      }),
    );
    return this.show(id);
  }

  /** Replaces every editable field; the id never changes (favourites and saved edits name it). */
  async update(staffId: string, id: string, product: ProductWrite): Promise<AdminProduct> {
    await this.checked(product, () =>
      this.dataSource.transaction(async (m) => {
        const before = await this.repository.find(id, m);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND);
        await this.repository.update(m, id, product);
        await this.auditLog.record(m, {
          actorId: staffId,
          action: `${RESOURCE}.update`,
          resource: RESOURCE,
          recordId: id,
          ...changedFields(written(before), written(product)),
        });
      }),
    );
    return this.show(id);
  }

  /**
   * Re-encodes the upload and stores it under a new file name, then points the product at it in one
   * transaction with its audit row; the replaced file is removed once that has committed.
   */
  async replacePicture(
    staffId: string,
    id: string,
    file: { buffer: Buffer; size: number } | undefined,
  ): Promise<AdminProduct> {
    if (!file) throw new AppError(ErrorCode.VALIDATION_FAILED, { picture: FieldIssue.REQUIRED });
    if (file.size > LIMITS.maxImageBytes) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
    // Nothing is decoded or stored for a product that does not exist.
    if (!(await this.repository.find(id))) throw new AppError(ErrorCode.NOT_FOUND);
    const picture = await encodeUploadedPicture(file.buffer);
    const key = uploadedPictureKey(id, `${randomBytes(8).toString('hex')}.webp`);
    await this.storage.put(key, picture);
    let replaced: string | null;
    try {
      replaced = await this.dataSource.transaction(async (m) => {
        const before = await this.repository.find(id, m);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND);
        await this.repository.setPicture(m, id, key);
        await this.auditLog.record(m, {
          actorId: staffId,
          action: `${RESOURCE}.picture`,
          resource: RESOURCE,
          recordId: id,
          before: { pictureUrl: before.pictureUrl },
          after: { pictureUrl: shopPictureUrl(id, key) },
        });
        return before.pictureKey;
      });
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    if (replaced) await this.removeFile(replaced);
    return this.show(id);
  }

  /** Runs a write, answering a CHECK the row failed as VALIDATION_FAILED on the field it is about. */
  private async checked(product: ProductWrite, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      const constraint = checkViolation(error);
      if (constraint)
        throw new AppError(ErrorCode.VALIDATION_FAILED, checkViolationFields(constraint, product));
      throw error;
    }
  }

  private async removeFile(key: string): Promise<void> {
    // A file left behind costs only space; the product already points at the right one.
    await this.storage.delete(key).catch((error: unknown) => {
      this.logger.warn(`Picture ${key} not removed: ${String(error)}`);
    });
  }
}

const withoutKey = ({ pictureKey: _key, ...product }: AdminProduct & { pictureKey: string | null }) =>
  product;
