import { Controller, Get, Query } from '@nestjs/common';
import {
  walletTransactionsQuerySchema,
  type Wallet,
  type WalletStatistics,
  type WalletTransactionsResponse,
} from '@estancia/contracts';
import { validate } from '../../infra/http/zod.pipe';
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

  @Get('transactions')
  transactions(
    @Query(validate(walletTransactionsQuerySchema)) query: { page: number },
    @CurrentUser() auth: AuthUser,
  ): Promise<WalletTransactionsResponse> {
    return this.wallet.transactions(auth.userId, query.page);
  }

  @Get('statistics')
  statistics(@CurrentUser() auth: AuthUser): Promise<WalletStatistics> {
    return this.wallet.statistics(auth.userId);
  }
}
