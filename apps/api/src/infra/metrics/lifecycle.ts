import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * Whether this process is on its way out. The shutdown path calls `startDraining()` on SIGTERM, before it
 * stops taking work, so /health/ready answers 503 and the load balancer sends no new requests here. Nest's
 * own shutdown sets it too (this module's destroy hook runs before the queue workers' and the database's).
 */
@Injectable()
export class Lifecycle implements OnModuleDestroy {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  startDraining(): void {
    this.isDraining = true;
  }

  onModuleDestroy(): void {
    this.startDraining();
  }
}
