import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller';
import { Catalogue } from './catalogue.service';

/** Catalogue products: wall paints and floors (the editor's colours and textures). */
@Module({
  controllers: [CatalogueController],
  providers: [Catalogue],
  exports: [Catalogue],
})
export class CatalogueModule {}
