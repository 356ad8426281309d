import { Controller, Get } from '@nestjs/common';
import type { Wallet } from '@estancia/contracts';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { WalletService } from './wallet.service';

@Controller('wallet')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  @Get()
  async show(@CurrentUser() auth: AuthUser): Promise<Wallet> {
    return { balance: await this.wallet.balance(auth.userId) };
  }
}
