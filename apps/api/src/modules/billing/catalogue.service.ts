import { Injectable } from '@nestjs/common';
import { BILLING_CURRENCY, type Pack, type PackCode, type Plan, type PlanCode } from '@estancia/contracts';
import { DataSource } from 'typeorm';

/**
 * A plan or pack is on sale when active and within its dates, [available_from, available_until).
 * Only new purchases read it: renewals and the rights of existing subscribers never do.
 */
export const onSale = (alias: string): string =>
  `(${alias}.active
    AND (${alias}.available_from IS NULL OR ${alias}.available_from <= now())
    AND (${alias}.available_until IS NULL OR ${alias}.available_until > now()))`;

/** A plans row as the catalogue reads it (the console's repository reads more of it). */
export interface PlanRow {
  code: PlanCode;
  name: string;
  monthly_price_cents: number;
  annual_price_cents: number;
  included_decorations: number;
  watermark: boolean;
  extra_edit_options: boolean;
  unlimited_editing: boolean;
  all_rooms_and_styles: boolean;
  descriptions_per_month: number | null;
  api_access: boolean;
  custom_limits: boolean;
}

export interface PackRow {
  code: PackCode;
  name: string;
  credits: number;
  price_cents: number;
  properties: string;
}

/** The offers on sale, in display order. */
@Injectable()
export class CatalogueService {
  constructor(private readonly dataSource: DataSource) {}

  async plans(): Promise<Plan[]> {
    const plans = (await this.dataSource.query(
      `SELECT p.code, p.name, p.monthly_price_cents, p.annual_price_cents, p.included_decorations, p.watermark,
              p.extra_edit_options, p.unlimited_editing, p.all_rooms_and_styles, p.descriptions_per_month,
              p.api_access, p.custom_limits
         FROM plans p WHERE ${onSale('p')} ORDER BY p.sort_order, p.code`,
    )) as PlanRow[];
    return plans.map((p) => ({
      code: p.code,
      name: p.name,
      currency: BILLING_CURRENCY,
      monthlyPriceCents: p.monthly_price_cents,
      annualPriceCents: p.annual_price_cents,
      includedDecorations: p.included_decorations,
      rights: {
        watermark: p.watermark,
        extraEditOptions: p.extra_edit_options,
        unlimitedEditing: p.unlimited_editing,
        allRoomsAndStyles: p.all_rooms_and_styles,
        descriptionsPerMonth: p.descriptions_per_month,
        apiAccess: p.api_access,
        customLimits: p.custom_limits,
      },
    }));
  }

  async packs(): Promise<Pack[]> {
    const packs = (await this.dataSource.query(
      `SELECT p.code, p.name, p.credits, p.price_cents, p.properties
         FROM packs p WHERE ${onSale('p')} ORDER BY p.sort_order, p.code`,
    )) as PackRow[];
    return packs.map((p) => ({
      code: p.code,
      name: p.name,
      currency: BILLING_CURRENCY,
      credits: p.credits,
      priceCents: p.price_cents,
      properties: p.properties,
    }));
  }
}
