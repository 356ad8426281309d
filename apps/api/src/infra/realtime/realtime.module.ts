import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { HubGateway } from './hub.gateway';
import { Realtime } from './realtime.service';

/** `Realtime.toUser()` / `broadcast()` for every module, and the `/hub` gateway (bound only where HTTP runs). */
@Global()
@Module({})
export class RealtimeModule {
  /**
   * `authentication` is the module that provides `HubAuthenticator` (identity): the app wires it in,
   * so this infrastructure imports no domain.
   */
  static forRoot(authentication: Type | DynamicModule): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      imports: [authentication],
      providers: [Realtime, HubGateway],
      exports: [Realtime],
    };
  }
}
