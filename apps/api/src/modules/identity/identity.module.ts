import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { HubAuthenticator } from '../../infra/realtime/hub-authenticator.port';
import { WalletModule } from '../wallet/wallet.module';
import { AccessGuard } from './access.guard';
import { AccountMail } from './account-mail.service';
import { Accounts } from './accounts.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { CreditGrantsService } from './credit-grants.service';
import { GoogleIdentity } from './google-identity';
import { IdentitySeeder } from './identity.seeder';
import { IdentityService } from './identity.service';
import { PasswordResets } from './password-resets.service';
import { RateLimiter } from './rate-limiter.service';
import { SessionService } from './session.service';
import { UserController } from './user.controller';
import { UserPayloadModule } from './user-payload.module';

/** Accounts, sessions and the global access guard (every HTTP route needs a user unless @Public). */
@Module({
  imports: [WalletModule, UserPayloadModule],
  controllers: [UserController, AdminUsersController],
  providers: [
    Accounts,
    AccountMail,
    AdminUsersRepository,
    AdminUsersService,
    CreditGrantsService,
    GoogleIdentity,
    IdentityService,
    IdentitySeeder,
    PasswordResets,
    RateLimiter,
    SessionService,
    // the real-time hub checks its handshakes against our sessions
    { provide: HubAuthenticator, useExisting: SessionService },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionService, HubAuthenticator, IdentitySeeder, RateLimiter, UserPayloadModule, GoogleIdentity],
})
export class IdentityModule {}
