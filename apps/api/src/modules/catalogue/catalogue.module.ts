import { Module } from '@nestjs/common';

/** Catalogue products: wall paints and floors (the editor's colours and textures). */
@Module({})
export class CatalogueModule {}
