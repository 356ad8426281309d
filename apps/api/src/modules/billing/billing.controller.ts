import { Controller, Get } from '@nestjs/common';
import type { PackList, PlanList } from '@estancia/contracts';
import { Public } from '../../infra/http/access';
import { CatalogueService } from './catalogue.service';

/** The public catalogue: what the offers page shows before anyone signs in. */
@Controller('billing')
export class BillingController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Public()
  @Get('plans')
  plans(): Promise<PlanList> {
    return this.catalogue.plans();
  }

  @Public()
  @Get('packs')
  packs(): Promise<PackList> {
    return this.catalogue.packs();
  }
}
