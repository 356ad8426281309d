import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ProjectsModule } from '../projects/projects.module';
import { WalletModule } from '../wallet/wallet.module';
import { DescriptionOutcomes } from './description-outcomes.service';
import { DescriptionRecords } from './description-records';
import { DescriptionWriteJob } from './description-write.job';
import { DescriptionsController } from './descriptions.controller';
import { DescriptionsService } from './descriptions.service';
import { DescriptionWriterModule } from './writer/writer.module';

/** Property descriptions: facts, versions, regenerations, monthly limits and the write job. */
@Module({
  imports: [DescriptionWriterModule, ProjectsModule, WalletModule, BillingModule],
  controllers: [DescriptionsController],
  providers: [DescriptionsService, DescriptionRecords, DescriptionOutcomes, DescriptionWriteJob],
  exports: [DescriptionsService],
})
export class DescriptionsModule {}
