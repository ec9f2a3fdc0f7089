import type { QueryRunner } from 'typeorm';

/** The schema of the data source a shared migration runs in (each service runs it in its own). */
export function migrationSchema(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('The data source must name its schema');
  return schema;
}
