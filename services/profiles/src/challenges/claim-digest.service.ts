import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Mailer, newSecretToken } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { ChallengeClaimsRepository } from './challenge-claims.repository.js';
import { claimDigestMail } from './claim-mail.js';

/** Mails an owner one digest of the claims not yet told of. */
@Injectable()
export class ClaimDigestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly claims: ChallengeClaimsRepository,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The claims are marked in the transaction that sends the mail: a failed send leaves them for the
   * retry; a claim made while this runs is left for the next digest. Answers how many were told of.
   */
  async send(userId: string): Promise<number> {
    const told = await this.dataSource.transaction(async (manager) => {
      const claims = await this.claims.takeUnmailedOfOwner(manager, userId);
      if (claims.length === 0) return 0;
      const to = await this.claims.ownerEmail(manager, userId);
      if (!to) {
        this.logger.warn(
          { userId, claims: claims.length },
          'no e-mail address known for the owner of claimed challenges',
        );
        return 0;
      }
      const withLinks = [];
      for (const claim of claims) {
        const { token, hash } = newSecretToken();
        await this.claims.setReleaseTokenHash(manager, claim.claimId, hash);
        const releaseUrl = new URL('/release-claim', env.PUBLIC_URL);
        releaseUrl.searchParams.set('token', token);
        withLinks.push({ ...claim, releaseUrl: releaseUrl.toString() });
      }
      await this.mailer.send(claimDigestMail(to, withLinks, new URL('/dashboard', env.PUBLIC_URL).toString()));
      return claims.length;
    });
    return told;
  }
}
