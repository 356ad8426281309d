import { Get } from '@nestjs/common';
import { walletSchema, type Wallet } from '@estancia/contracts';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { WalletService } from '../../wallet/wallet.service';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';

/** The credit balance of the key's owner. */
@IntegratorApi('wallet')
export class WalletV1Controller {
  constructor(private readonly wallet: WalletService) {}

  @Get()
  @ApiDoc({
    tag: 'Wallet',
    operationId: 'getWallet',
    summary: 'Read the credit balance',
    response: walletSchema,
  })
  async show(@CurrentUser() auth: AuthUser): Promise<Wallet> {
    return { balance: await this.wallet.balance(auth.userId) };
  }
}
