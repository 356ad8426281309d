import { Module } from '@nestjs/common';
import { UserPayloadModule } from '../identity/user-payload.module';
import { AdminLedgerController } from './admin-ledger.controller';
import { WalletController } from './wallet.controller';
import { WalletService } from './wallet.service';

/** Credits: balance, append-only ledger, grant/spend/refund. Later modules import it and call WalletService. */
@Module({
  imports: [UserPayloadModule],
  controllers: [WalletController, AdminLedgerController],
  providers: [WalletService],
  exports: [WalletService],
})
export class WalletModule {}
