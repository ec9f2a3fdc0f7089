import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  createProfileCommandSchema,
  getProfileBySlugQuerySchema,
  pageVisibilityQuerySchema,
  latestSlugQuerySchema,
  listOwnProfilesQuerySchema,
  ownedProfileCommandSchema,
  slugAvailabilityQuerySchema,
  updateProfileCommandSchema,
  type Profile,
  type ProfileSummary,
  type PageVisibility,
  type PublicProfileView,
  type SlugAvailability,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { RunnerProfilesService } from './runner-profiles.service.js';

@Controller()
export class RunnerProfilesController {
  constructor(private readonly profiles: RunnerProfilesService) {}

  @RpcHandler(PROFILES.profile.create)
  create(@Payload() payload: unknown): Promise<Profile> {
    const { userId, profile } = createProfileCommandSchema.parse(payload);
    return this.profiles.create(userId, profile);
  }

  @RpcHandler(PROFILES.profile.getBySlug)
  getBySlug(@Payload() payload: unknown): Promise<PublicProfileView> {
    return this.profiles.getBySlug(getProfileBySlugQuerySchema.parse(payload).slug);
  }

  @RpcHandler(PROFILES.profile.visibility)
  visibility(@Payload() payload: unknown): Promise<PageVisibility> {
    return this.profiles.assertVisible(pageVisibilityQuerySchema.parse(payload));
  }

  @RpcHandler(PROFILES.profile.update)
  update(@Payload() payload: unknown): Promise<Profile> {
    const { userId, profileId, changes } = updateProfileCommandSchema.parse(payload);
    return this.profiles.update(userId, profileId, changes);
  }

  @RpcHandler(PROFILES.profile.delete)
  delete(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, profileId } = ownedProfileCommandSchema.parse(payload);
    return this.profiles.delete(userId, profileId);
  }

  @RpcHandler(PROFILES.profile.listOwn)
  listOwn(@Payload() payload: unknown): Promise<ProfileSummary[]> {
    return this.profiles.listOwn(listOwnProfilesQuerySchema.parse(payload).userId);
  }

  @RpcHandler(PROFILES.profile.getOwnSummary)
  getOwnSummary(@Payload() payload: unknown): Promise<ProfileSummary> {
    const { userId, profileId } = ownedProfileCommandSchema.parse(payload);
    return this.profiles.getOwnSummary(userId, profileId);
  }

  @RpcHandler(PROFILES.profile.latestSlug)
  latestSlug(@Payload() payload: unknown): Promise<{ slug: string }> {
    const { userId, requestedUserId } = latestSlugQuerySchema.parse(payload);
    return this.profiles.latestSlug(userId, requestedUserId);
  }

  @RpcHandler(PROFILES.slug.availability)
  slugAvailability(@Payload() payload: unknown): Promise<SlugAvailability> {
    return this.profiles.slugAvailability(slugAvailabilityQuerySchema.parse(payload).slug);
  }
}
