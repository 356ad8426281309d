import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, FieldIssue, type AdminCoupon } from '@estancia/contracts';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../../infra/http/app-error';
import type { ListQuery } from '../../../infra/http/simple-rest';
import { AuditLog, changedFields } from '../../audit/audit-log.service';
import { AdminCouponsRepository, type CouponSortField, type CouponWrite } from './admin-coupons.repository';

const RESOURCE = 'coupons';
const codeTaken = (): AppError => new AppError(ErrorCode.VALIDATION_FAILED, { code: FieldIssue.INVALID });

/** Dates as the database gives them back, so the same instant written another way is no change. */
const normalised = (coupon: CouponWrite): CouponWrite => ({
  ...coupon,
  startsAt: coupon.startsAt ? new Date(coupon.startsAt).toISOString() : null,
  expiresAt: coupon.expiresAt ? new Date(coupon.expiresAt).toISOString() : null,
});

const written = (coupon: AdminCoupon | CouponWrite): CouponWrite => ({
  code: coupon.code,
  percentOff: coupon.percentOff,
  amountOffCents: coupon.amountOffCents,
  appliesTo: coupon.appliesTo,
  startsAt: coupon.startsAt,
  expiresAt: coupon.expiresAt,
  maxRedemptions: coupon.maxRedemptions,
  maxRedemptionsPerCustomer: coupon.maxRedemptionsPerCustomer,
  active: coupon.active,
});

/** The database's last word on a write raced by another: a code taken meanwhile, a limit below the uses. */
function constraintError(error: unknown): AppError | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = error.driverError as { code?: string; constraint?: string };
  if (driver.code === '23505' && driver.constraint === 'coupons_code_key') return codeTaken();
  if (driver.code === '23514' && driver.constraint === 'coupons_redemption_limit')
    return new AppError(ErrorCode.VALIDATION_FAILED, { maxRedemptions: FieldIssue.INVALID });
  return null;
}

/**
 * The console's coupons: created and edited, never deleted (payments name them); `active: false`
 * withdraws one from checkout. Each create and update writes its audit row in the same transaction.
 */
@Injectable()
export class AdminCouponsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminCouponsRepository,
    private readonly auditLog: AuditLog,
  ) {}

  list(list: ListQuery<CouponSortField>): Promise<{ rows: AdminCoupon[]; total: number }> {
    return this.repository.list(list);
  }

  async show(id: string): Promise<AdminCoupon> {
    const coupon = await this.repository.find(id);
    if (!coupon) throw new AppError(ErrorCode.NOT_FOUND);
    return coupon;
  }

  /** A new coupon; a code already taken is VALIDATION_FAILED on `code`. */
  async create(staffId: string, input: CouponWrite): Promise<AdminCoupon> {
    const coupon = normalised(input);
    const id = await this.write(async (m) => {
      const created = await this.repository.insert(m, coupon);
      if (!created) throw codeTaken();
      await this.auditLog.record(m, {
        actorId: staffId,
        action: `${RESOURCE}.create`,
        resource: RESOURCE,
        recordId: created,
        before: null,
        after: { ...coupon },
      });
      return created;
    });
    return this.show(id);
  }

  /** Replaces every editable field; the times redeemed stay the checkout's. */
  async update(staffId: string, id: string, input: CouponWrite): Promise<AdminCoupon> {
    const coupon = normalised(input);
    await this.write(async (m) => {
      const before = await this.repository.find(id, m, true);
      if (!before) throw new AppError(ErrorCode.NOT_FOUND);
      if (coupon.maxRedemptions !== null && coupon.maxRedemptions < before.timesRedeemed)
        throw new AppError(ErrorCode.VALIDATION_FAILED, { maxRedemptions: FieldIssue.INVALID });
      if (!(await this.repository.update(m, id, coupon))) throw codeTaken();
      await this.auditLog.record(m, {
        actorId: staffId,
        action: `${RESOURCE}.update`,
        resource: RESOURCE,
        recordId: id,
        ...changedFields(written(before), coupon),
      });
    });
    return this.show(id);
  }

  private async write<T>(run: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(run);
    } catch (error) {
      throw constraintError(error) ?? error;
    }
  }
}
