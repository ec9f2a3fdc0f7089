import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CHARITIES,
  CHARITY_ACCESS,
  charityAccessQuerySchema,
  charityCommandSchema,
  charityDirectoryCommandSchema,
  charityInvitationAcceptCommandSchema,
  charityInviteStaffCommandSchema,
  charityLookupQuerySchema,
  charityMessageCommandSchema,
  charityRemoveStaffCommandSchema,
  charityRunnersCommandSchema,
  charityTokenCommandSchema,
  charityVerificationCommandSchema,
  createCharityCommandSchema,
  getCharityBySlugQuerySchema,
  updateCharityCommandSchema,
  type CharityAccessResponse,
  type CharityDirectoryResponse,
  type CharityLookupResponse,
  type CharityMessageResponse,
  type CharityRunnersResponse,
  type CharityPageResponse,
  type CharityResponse,
  type CharityStaffResponse,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { CharitiesService } from './charities.service.js';

/** Charities' RPCs: the gateway's calls, billing's `access` and profiles' `lookup`. */
@Controller()
export class CharitiesController {
  constructor(private readonly charities: CharitiesService) {}

  @RpcHandler(CHARITIES.create)
  create(@Payload() payload: unknown): Promise<CharityResponse> {
    const { userId, email, charity } = createCharityCommandSchema.parse(payload);
    return this.charities.create(userId, email, charity);
  }

  @RpcHandler(CHARITIES.update)
  update(@Payload() payload: unknown): Promise<CharityResponse> {
    const { userId, charityId, changes } = updateCharityCommandSchema.parse(payload);
    return this.charities.update(userId, charityId, changes);
  }

  @RpcHandler(CHARITIES.directory)
  directory(@Payload() payload: unknown): Promise<CharityDirectoryResponse> {
    const { viewerUserId, query } = charityDirectoryCommandSchema.parse(payload);
    return this.charities.directory(viewerUserId, query);
  }

  @RpcHandler(CHARITIES.getBySlug)
  getBySlug(@Payload() payload: unknown): Promise<CharityPageResponse> {
    const { slug, viewerUserId, query } = getCharityBySlugQuerySchema.parse(payload);
    return this.charities.getBySlug(slug, viewerUserId, query);
  }

  @RpcHandler(CHARITIES.requestVerification)
  requestVerification(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, charityId, verification } = charityVerificationCommandSchema.parse(payload);
    return this.charities.requestVerification(userId, charityId, verification.email);
  }

  @RpcHandler(CHARITIES.verify)
  verify(@Payload() payload: unknown): Promise<CharityResponse> {
    const { token, viewerUserId } = charityTokenCommandSchema.parse(payload);
    return this.charities.verify(token, viewerUserId);
  }

  @RpcHandler(CHARITIES.listStaff)
  listStaff(@Payload() payload: unknown): Promise<CharityStaffResponse> {
    const { userId, charityId } = charityCommandSchema.parse(payload);
    return this.charities.listStaff(userId, charityId);
  }

  @RpcHandler(CHARITIES.inviteStaff)
  inviteStaff(@Payload() payload: unknown): Promise<CharityStaffResponse> {
    const { userId, charityId, invite } = charityInviteStaffCommandSchema.parse(payload);
    return this.charities.inviteStaff(userId, charityId, invite);
  }

  @RpcHandler(CHARITIES.removeStaff)
  removeStaff(@Payload() payload: unknown): Promise<CharityStaffResponse> {
    const { userId, charityId, staffUserId } = charityRemoveStaffCommandSchema.parse(payload);
    return this.charities.removeStaff(userId, charityId, staffUserId);
  }

  @RpcHandler(CHARITIES.acceptInvitation)
  acceptInvitation(@Payload() payload: unknown): Promise<CharityResponse> {
    const { userId, token } = charityInvitationAcceptCommandSchema.parse(payload);
    return this.charities.acceptInvitation(userId, token);
  }

  @RpcHandler(CHARITIES.runners)
  runners(@Payload() payload: unknown): Promise<CharityRunnersResponse> {
    const { userId, charityId, query, pageSize } = charityRunnersCommandSchema.parse(payload);
    return this.charities.runners(userId, charityId, query, pageSize);
  }

  @RpcHandler(CHARITIES.message)
  message(@Payload() payload: unknown): Promise<CharityMessageResponse> {
    const { userId, email, charityId, message } = charityMessageCommandSchema.parse(payload);
    return this.charities.message(userId, email, charityId, message);
  }

  @RpcHandler(CHARITY_ACCESS.access)
  access(@Payload() payload: unknown): Promise<CharityAccessResponse> {
    return this.charities.access(charityAccessQuerySchema.parse(payload));
  }

  @RpcHandler(CHARITIES.lookup)
  lookup(@Payload() payload: unknown): Promise<CharityLookupResponse> {
    return this.charities.lookup(charityLookupQuerySchema.parse(payload).charityId);
  }
}
