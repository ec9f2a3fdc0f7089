import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Once copied the pages that existed before community from profiles' tables, the one read of
 * another service's schema. It does nothing now: community never reads another schema, not even in
 * a migration (decision 22). Pages reach its copy by events alone: profiles records every page's
 * card again (its migration AddPageCharityAndEvent) and every page's totals again (its migration
 * ExportTeamsToCommunity), and billing's and fitness's events carry owners' access and runners'
 * distances. Kept, empty, because deployments have run it.
 */
export class CopyPagesFromProfiles1798000000620 implements MigrationInterface {
  name = 'CopyPagesFromProfiles1798000000620';

  async up(_queryRunner: QueryRunner): Promise<void> {
    // Nothing: see above.
  }

  async down(): Promise<void> {
    // Nothing to take back.
  }
}
