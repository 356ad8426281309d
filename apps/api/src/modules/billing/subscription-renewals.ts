import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsService } from './payments.service';
import { SANDBOX_GATEWAY } from './sandbox-gateway';
import { SandboxSubscriptions } from './sandbox-subscriptions';

const RENEWALS_EVERY_MS = 60_000;

/**
 * The sandbox gateway's clock: renews (or ends) its subscriptions whose period is over, as a real
 * provider does on its own, and applies what it reports like any other gateway event. With Stripe
 * the renewals arrive as webhooks and this sweep does nothing.
 */
@Injectable()
export class SubscriptionRenewals implements OnApplicationBootstrap {
  constructor(
    private readonly sandbox: SandboxSubscriptions,
    private readonly payments: PaymentsService,
    private readonly jobs: JobQueue,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.gateway.name === SANDBOX_GATEWAY) {
      await this.jobs.every('billing.sandbox-renewals', {}, RENEWALS_EVERY_MS);
    }
  }

  @OnJob('billing.sandbox-renewals')
  async sweep(): Promise<void> {
    await this.renewDue(new Date());
  }

  /** Renews what is due at `now` and applies the events; events already handled count once. */
  async renewDue(now: Date): Promise<void> {
    if (this.gateway.name !== SANDBOX_GATEWAY) return;
    await this.payments.handleAll(await this.sandbox.renewDue(now));
  }
}
