import { Injectable } from '@nestjs/common';
import { BILLING_CURRENCY, type Pack, type Plan } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { PackEntity, PlanEntity } from './billing.entity';

/** The offers on sale, in display order. */
@Injectable()
export class CatalogueService {
  constructor(private readonly dataSource: DataSource) {}

  async plans(): Promise<Plan[]> {
    const plans = await this.dataSource.getRepository(PlanEntity).find({
      where: { active: true },
      order: { sortOrder: 'ASC', code: 'ASC' },
    });
    return plans.map((p) => ({
      code: p.code,
      name: p.name,
      currency: BILLING_CURRENCY,
      monthlyPriceCents: p.monthlyPriceCents,
      annualPriceCents: p.annualPriceCents,
      includedDecorations: p.includedDecorations,
      rights: {
        watermark: p.watermark,
        extraEditOptions: p.extraEditOptions,
        unlimitedEditing: p.unlimitedEditing,
        allRoomsAndStyles: p.allRoomsAndStyles,
        descriptionsPerMonth: p.descriptionsPerMonth,
        apiAccess: p.apiAccess,
        customLimits: p.customLimits,
      },
    }));
  }

  async packs(): Promise<Pack[]> {
    const packs = await this.dataSource.getRepository(PackEntity).find({
      where: { active: true },
      order: { sortOrder: 'ASC', code: 'ASC' },
    });
    return packs.map((p) => ({
      code: p.code,
      name: p.name,
      currency: BILLING_CURRENCY,
      credits: p.credits,
      priceCents: p.priceCents,
      properties: p.properties,
    }));
  }
}
