import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CataloguePrice, PriceFigure } from './payment-gateway.port';

interface LivePriceRow {
  code: string;
  cycle: PriceFigure['cycle'];
  ref: string;
  amount_cents: number;
}

/**
 * The gateways' prices of our catalogue (gateway_prices): one live row per gateway and figure, the
 * rows it replaced kept with `archived_at`, as the gateway keeps the prices that were sold.
 */
@Injectable()
export class GatewayPricesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The gateway's live price of a figure, when it charges `amountCents`: a price that no longer
   * matches the catalogue (saved while the gateway was another one, say) is not used.
   */
  async live(
    gateway: string,
    figure: PriceFigure,
    amountCents: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<CataloguePrice | null> {
    const [row] = (await m.query(
      `SELECT ref, amount_cents FROM gateway_prices
        WHERE gateway = $1 AND product = $2 AND code = $3 AND cycle = $4 AND archived_at IS NULL`,
      [gateway, figure.product, figure.code, figure.cycle],
    )) as LivePriceRow[];
    return row && row.amount_cents === amountCents ? { ref: row.ref, amountCents: row.amount_cents } : null;
  }

  /** Every live price of a product at a gateway, whatever it charges (the console shows them). */
  async liveOf(
    gateway: string,
    product: PriceFigure['product'],
  ): Promise<{ code: string; cycle: PriceFigure['cycle']; ref: string }[]> {
    return (await this.dataSource.query(
      `SELECT code, cycle, ref FROM gateway_prices
        WHERE gateway = $1 AND product = $2 AND archived_at IS NULL`,
      [gateway, product],
    )) as LivePriceRow[];
  }

  /**
   * Makes `ref` the live price of the figure, archiving the one it replaces (inside the caller's
   * transaction). Answers the archived price's ref, for the gateway to archive after the commit.
   */
  async replace(
    m: EntityManager,
    gateway: string,
    figure: PriceFigure,
    amountCents: number,
    ref: string,
  ): Promise<string | null> {
    const archived = (await m.query(
      `WITH archived AS (
         UPDATE gateway_prices SET archived_at = now()
          WHERE gateway = $1 AND product = $2 AND code = $3 AND cycle = $4 AND archived_at IS NULL
          RETURNING ref
       ) SELECT ref FROM archived`,
      [gateway, figure.product, figure.code, figure.cycle],
    )) as { ref: string }[];
    await m.query(
      `INSERT INTO gateway_prices (product, code, cycle, amount_cents, gateway, ref) VALUES ($1, $2, $3, $4, $5, $6)`,
      [figure.product, figure.code, figure.cycle, amountCents, gateway, ref],
    );
    return archived[0]?.ref ?? null;
  }
}
