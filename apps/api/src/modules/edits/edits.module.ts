import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { DecorationsModule } from '../decorations/decorations.module';
import { EngineModule } from '../decorations/engine/engine.module';
import { ProjectsModule } from '../projects/projects.module';
import { ReviewModule } from '../review/review.module';
import { EditRenderJob } from './edit-render.job';
import { EditsController, ReviewEditsController } from './edits.controller';
import { EditsService } from './edits.service';

/** Edit documents of decorations and their full-resolution rendering on the server. */
@Module({
  imports: [DecorationsModule, EngineModule, ProjectsModule, BillingModule, CatalogueModule, ReviewModule],
  controllers: [EditsController, ReviewEditsController],
  providers: [EditsService, EditRenderJob],
})
export class EditsModule {}
