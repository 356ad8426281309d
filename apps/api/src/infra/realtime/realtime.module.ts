import { Global, Module } from '@nestjs/common';
import { IdentityModule } from '../../modules/identity/identity.module';
import { HubGateway } from './hub.gateway';
import { Realtime } from './realtime.service';

/** `Realtime.toUser()` / `broadcast()` for every module, and the `/hub` gateway (bound only where HTTP runs). */
@Global()
@Module({
  imports: [IdentityModule],
  providers: [Realtime, HubGateway],
  exports: [Realtime],
})
export class RealtimeModule {}
