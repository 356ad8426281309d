import { Injectable } from '@nestjs/common';
import { ErrorCode, FieldIssue, type AdminCreditGrantRequest } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { WalletService } from '../wallet/wallet.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Printable ASCII, as an HTTP header value can carry it; a UUID from the console fits easily. */
const CLIENT_KEY = /^[\x21-\x7e]{1,100}$/;

/** Credits given by staff from the console: a ledger grant plus who gave it and why, in one transaction. */
@Injectable()
export class CreditGrantsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
  ) {}

  /**
   * Grants once per (staff member, client key): a repeated submit answers the balance without
   * moving credits again. Answers the user's balance; an unknown user is NOT_FOUND.
   */
  async grant(
    staffUserId: string,
    userId: string,
    request: AdminCreditGrantRequest,
    clientKey: string | undefined,
  ): Promise<{ balance: number }> {
    if (!clientKey || !CLIENT_KEY.test(clientKey))
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        'Idempotency-Key': clientKey ? FieldIssue.INVALID : FieldIssue.REQUIRED,
      });
    if (!UUID.test(userId)) throw new AppError(ErrorCode.NOT_FOUND);
    const change = await this.dataSource.transaction(async (m) => {
      const [user] = (await m.query(`SELECT id FROM users WHERE id = $1`, [userId])) as unknown[];
      if (!user) throw new AppError(ErrorCode.NOT_FOUND);
      // Scoped to the staff member: two people's consoles never share keys.
      const moved = await this.wallet.grant(
        userId,
        request.amount,
        'admin_adjustment',
        `admin:${staffUserId}:${clientKey}`,
        m,
      );
      if (!moved.replayed)
        await m.query(
          `INSERT INTO credit_grants (ledger_entry_id, granted_by_user_id, note) VALUES ($1, $2, $3)`,
          [moved.entry.id, staffUserId, request.note],
        );
      return moved;
    });
    if (!change.replayed) await this.wallet.announce(userId);
    return { balance: await this.wallet.balance(userId) };
  }
}
