import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

const SUPPRESSED = '"profiles"."suppressed_inboxes"';
const LINKS = '"profiles"."mail_stop_links"';

/** The suppression list and the links that add an inbox to it, both keyed by hashes only. */
@Injectable()
export class MailSuppressionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isSuppressed(inboxHash: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM ${SUPPRESSED} WHERE inbox_hash = $1`, [
      inboxHash,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Remembers which inbox a mail's link token went to (a retried mail keeps its first row). */
  async recordLink(tokenHash: string, inboxHash: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource).query(
      `INSERT INTO ${LINKS} (token_hash, inbox_hash) VALUES ($1, $2) ON CONFLICT (token_hash) DO NOTHING`,
      [tokenHash, inboxHash],
    );
  }

  async inboxOfLink(manager: EntityManager, tokenHash: string): Promise<string | null> {
    const [row] = (await manager.query(`SELECT inbox_hash FROM ${LINKS} WHERE token_hash = $1`, [tokenHash])) as {
      inbox_hash: string;
    }[];
    return row?.inbox_hash ?? null;
  }

  /** Adds the inbox to the list; false when it was on it already. */
  async suppress(manager: EntityManager, inboxHash: string): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO ${SUPPRESSED} (inbox_hash) VALUES ($1) ON CONFLICT (inbox_hash) DO NOTHING RETURNING inbox_hash`,
      [inboxHash],
    )) as unknown[];
    return rows.length > 0;
  }
}
