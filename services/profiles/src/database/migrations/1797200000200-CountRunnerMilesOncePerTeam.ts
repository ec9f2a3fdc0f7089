import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CountRunnerMilesOncePerTeam1797200000200 implements MigrationInterface {
  name = 'CountRunnerMilesOncePerTeam1797200000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A runner with two pages in one team had their miles counted twice: each runner counts once now.
    await queryRunner.query(
      `UPDATE "profiles"."teams" t SET "meters" = coalesce((
         SELECT sum(r.meters) FROM (
           SELECT max(m."meters") AS meters FROM "profiles"."team_members" m
            WHERE m."team_id" = t."id" AND m."status" = 'member' AND m."published"
            GROUP BY m."user_id") r), 0)
       WHERE EXISTS (
         SELECT 1 FROM "profiles"."team_members" m
          WHERE m."team_id" = t."id" AND m."status" = 'member' AND m."published"
          GROUP BY m."user_id" HAVING count(*) > 1)`,
    );
  }

  async down(): Promise<void> {
    // The double count is not restored.
  }
}
