import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  claimChallengeCommandSchema,
  listOwnClaimsQuerySchema,
  releaseClaimByLinkRequestSchema,
  releaseClaimCommandSchema,
  type ClaimChallengeResult,
  type OwnerClaim,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { ChallengeClaimsService } from './challenge-claims.service.js';

@Controller()
export class ChallengeClaimsController {
  constructor(private readonly claims: ChallengeClaimsService) {}

  @RpcHandler(PROFILES.claim.create)
  claim(@Payload() payload: unknown): Promise<ClaimChallengeResult> {
    const { challengeId, claim } = claimChallengeCommandSchema.parse(payload);
    return this.claims.claim(challengeId, claim);
  }

  @RpcHandler(PROFILES.claim.release)
  release(@Payload() payload: unknown): Promise<{ runnerProfileId: string }> {
    const { userId, challengeId, claimId } = releaseClaimCommandSchema.parse(payload);
    return this.claims.release(userId, challengeId, claimId);
  }

  @RpcHandler(PROFILES.claim.releaseByToken)
  releaseByToken(@Payload() payload: unknown): Promise<{ runnerProfileId: string }> {
    return this.claims.releaseByToken(releaseClaimByLinkRequestSchema.parse(payload).token);
  }

  @RpcHandler(PROFILES.claim.listOwn)
  listOwn(@Payload() payload: unknown): Promise<OwnerClaim[]> {
    return this.claims.listForOwner(listOwnClaimsQuerySchema.parse(payload).userId);
  }
}
