import { PasswordResetEntity } from '../../modules/identity/password-reset.entity';
import { SessionEntity } from '../../modules/identity/session.entity';
import { SubscriptionEntity } from '../../modules/identity/subscription.entity';
import { UserEntity } from '../../modules/identity/user.entity';
import { VerificationCodeEntity } from '../../modules/identity/verification-code.entity';
import { LedgerEntryEntity, WalletEntity } from '../../modules/wallet/wallet.entity';
import { PlatformFlagsEntity } from '../../modules/platform/platform-flags.entity';
import { ProjectEntity, ProjectImageEntity } from '../../modules/projects/project.entity';
import { DecorationEntity, DecorationVersionEntity } from '../../modules/decorations/decoration.entity';
import { CouponEntity, PackEntity, PlanEntity } from '../../modules/billing/billing.entity';
import {
  CheckoutSessionEntity,
  PaymentEntity,
  PaymentEventEntity,
} from '../../modules/billing/payments.entity';
import { OutboxMessageEntity } from '../mail/outbox.entity';

/**
 * Every TypeORM entity, listed once (no globs: the same list works from source in tests and
 * from dist in production). A module that adds an entity adds it here.
 */
export const ENTITIES: (new () => object)[] = [
  UserEntity,
  SessionEntity,
  VerificationCodeEntity,
  PasswordResetEntity,
  SubscriptionEntity,
  WalletEntity,
  LedgerEntryEntity,
  OutboxMessageEntity,
  PlatformFlagsEntity,
  ProjectEntity,
  ProjectImageEntity,
  DecorationEntity,
  DecorationVersionEntity,
  PlanEntity,
  PackEntity,
  CouponEntity,
  CheckoutSessionEntity,
  PaymentEventEntity,
  PaymentEntity,
];
