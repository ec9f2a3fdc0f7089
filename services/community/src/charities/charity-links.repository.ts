import { Injectable } from '@nestjs/common';
import type { CharityRole } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { CharityLinkEntity } from './charity-link.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(CharityLinkEntity).tablePath;
const COLUMNS = `token_hash AS "tokenHash", charity_id AS "charityId", kind, email, role, website,
  expires_at AS "expiresAt", used_at AS "usedAt", created_at AS "createdAt"`;

export interface NewCharityLink {
  tokenHash: string;
  charityId: string;
  kind: CharityLinkEntity['kind'];
  email: string;
  role: CharityRole | null;
  website: string | null;
  expiresAt: Date;
}

/** Links mailed for charities (`charity_links`): verifications and staff invitations, single use. */
@Injectable()
export class CharityLinksRepository {
  async insert(manager: EntityManager, link: NewCharityLink): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (token_hash, charity_id, kind, email, role, website, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [link.tokenHash, link.charityId, link.kind, link.email, link.role, link.website, link.expiresAt],
    );
  }

  /** How many links of the kind the charity had mailed since `since` (the mail budget). */
  async countSince(manager: EntityManager, charityId: string, kind: CharityLinkEntity['kind'], since: Date) {
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM ${tableOf(manager)} WHERE charity_id = $1 AND kind = $2 AND created_at >= $3`,
      [charityId, kind, since],
    );
    return rows[0].n;
  }

  /** Takes an unused, unexpired link of the kind (marked used in the transaction); null when there is none. */
  async take(manager: EntityManager, tokenHash: string, kind: CharityLinkEntity['kind']) {
    const rows: CharityLinkEntity[][] = await manager.query(
      `UPDATE ${tableOf(manager)} SET used_at = now()
        WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING ${COLUMNS}`,
      [tokenHash, kind],
    );
    return rows[0]?.[0] ?? null;
  }

  /** Invitations still open, newest first. */
  async openInvitations(manager: EntityManager, charityId: string): Promise<CharityLinkEntity[]> {
    return manager.query(
      `SELECT DISTINCT ON (lower(email)) ${COLUMNS} FROM ${tableOf(manager)}
        WHERE charity_id = $1 AND kind = 'invitation' AND used_at IS NULL AND expires_at > now()
        ORDER BY lower(email), created_at DESC`,
      [charityId],
    );
  }

  /** Open invitations of an address stop working (it was removed, or accepted one of them). */
  async closeInvitations(manager: EntityManager, charityId: string, email: string): Promise<void> {
    await manager.query(
      `UPDATE ${tableOf(manager)} SET used_at = now()
        WHERE charity_id = $1 AND kind = 'invitation' AND lower(email) = lower($2) AND used_at IS NULL`,
      [charityId, email],
    );
  }
}
