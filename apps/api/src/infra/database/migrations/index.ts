import type { MigrationInterface } from 'typeorm';
import { Identity1795319958495 } from './1795319958495-identity';
import { Wallet1795319958496 } from './1795319958496-wallet';
import { Outbox1795319958600 } from './1795319958600-outbox';
import { Platform1795319958601 } from './1795319958601-platform';
import { Projects1795319958700 } from './1795319958700-projects';
import { Decorations1795319958800 } from './1795319958800-decorations';
import { Billing1795319958905 } from './1795319958905-billing';
import { Payments1795319958920 } from './1795319958920-payments';
import { BillingFlows1795319958930 } from './1795319958930-billing-flows';
import { SandboxPaidPlan1795319958932 } from './1795319958932-sandbox-paid-plan';
import { CreditGrants1795319958933 } from './1795319958933-credit-grants';
import { Review1795319959000 } from './1795319959000-review';
import { CatalogueEdits1795319959010 } from './1795319959010-catalogue-edits';
import { ReviewMore1795319959020 } from './1795319959020-review-more';
import { FreeTry1795319959100 } from './1795319959100-free-try';
import { Descriptions1795319959200 } from './1795319959200-descriptions';
import { Shop1795319959300 } from './1795319959300-shop';
import { Support1795319959400 } from './1795319959400-support';
import { Engines1795319959500 } from './1795319959500-engines';
import { OutboxSubjectParams1795319959614 } from './1795319959614-outbox-subject-params';
import { CatalogueNames1795319959640 } from './1795319959640-catalogue-names';
import { AccountErasure1795319959680 } from './1795319959680-account-erasure';
import { Integrations1795319959700 } from './1795319959700-integrations';
import { StaffConsole1795319959800 } from './1795319959800-staff-console';
import { CouponLimits1795319960100 } from './1795319960100-coupon-limits';
import { CheckoutSettling1795319959900 } from './1795319959900-checkout-settling';

/** Every migration, in order. A module that changes the schema adds its migration class here. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Identity1795319958495,
  Wallet1795319958496,
  Outbox1795319958600,
  Platform1795319958601,
  Projects1795319958700,
  Decorations1795319958800,
  Billing1795319958905,
  Payments1795319958920,
  BillingFlows1795319958930,
  SandboxPaidPlan1795319958932,
  CreditGrants1795319958933,
  Review1795319959000,
  CatalogueEdits1795319959010,
  ReviewMore1795319959020,
  FreeTry1795319959100,
  Descriptions1795319959200,
  Shop1795319959300,
  Support1795319959400,
  Engines1795319959500,
  OutboxSubjectParams1795319959614,
  CatalogueNames1795319959640,
  AccountErasure1795319959680,
  Integrations1795319959700,
  StaffConsole1795319959800,
  CouponLimits1795319960100,
  CheckoutSettling1795319959900,
];
