import { Body, Controller, Delete, Get, NotFoundException, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  OUTAGE,
  PROFILES,
  RUNNER_PROFILE_NOT_FOUND,
  challengeOrderRequestSchema,
  profileViewFor,
  createProfileRequestSchema,
  updateProfileRequestSchema,
  type Challenge,
  type Encouragement,
  type Profile,
  type ProfileSummary,
  type ProfileView,
  type SessionUser,
  type SlugAvailability,
} from '@runpledge/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { Idempotent } from '../common/idempotency.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from './profile-view.cache.js';
import { PublicProfileViews } from './public-profile-views.js';
import { idOr404 } from './route-ids.js';

const profileIdOr404 = (id: string): string => idOr404(id, RUNNER_PROFILE_NOT_FOUND);

/**
 * Runner pages. After a write through this replica its cached view is dropped before answering,
 * so the writer reads their change at once; other replicas hear profiles' announcement.
 */
@Controller()
export class RunnerProfilesController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly cache: ProfileViewCache,
    private readonly views: PublicProfileViews,
  ) {}

  @Post('runner-profile')
  @Idempotent()
  async create(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<{ profile: ProfileView }> {
    const request = parseOrThrow(createProfileRequestSchema, body);
    const profile = await this.rpc.call(PROFILES.profile.create, { userId: user.id, profile: request });
    return { profile: await this.asOwnerSees(profile) };
  }

  @Public()
  @Get('runner-profile/:slug')
  async getBySlug(
    @Param('slug') slug: string,
    @CurrentUser() user: SessionUser | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ profile: ProfileView; stale?: true }> {
    const { view, stale } = await this.views.bySlugOrStale(slug);
    const isOwner = user !== undefined && user.id === view.userId;
    // Profiles decides `published`; until then the page is 404 to everyone but its owner.
    if (!view.published && !isOwner) throw new NotFoundException(RUNNER_PROFILE_NOT_FOUND);
    const profile = profileViewFor(view, isOwner);
    if (!stale) return { profile };
    // Profiles is down: the copy this replica served last, said so in a header and in the body.
    void reply
      .header(OUTAGE.staleHeader, '1')
      .header('warning', '110 - "Response is Stale"')
      .header('cache-control', 'no-store');
    return { profile, stale: true };
  }

  @Put('runner-profile/:id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ profile: ProfileView }> {
    const profileId = profileIdOr404(id);
    const changes = parseOrThrow(updateProfileRequestSchema, body);
    const profile = await this.rpc.call(PROFILES.profile.update, { userId: user.id, profileId, changes });
    this.cache.invalidate(profileId);
    return { profile: await this.asOwnerSees(profile) };
  }

  /** A written page as GET shows it to its owner (API.md: create and update carry `published`, `isOwner`). */
  private async asOwnerSees(profile: Profile): Promise<ProfileView> {
    const { published, team, event, raceResult, followerCount, raisingUntil } = await this.views.bySlug(
      profile.urlSlug,
    );
    return profileViewFor({ ...profile, published, team, event, raceResult, followerCount, raisingUntil }, true);
  }

  @Delete('runner-profile/:id')
  async delete(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<{ success: true }> {
    const profileId = profileIdOr404(id);
    const result = await this.rpc.call(PROFILES.profile.delete, { userId: user.id, profileId });
    this.cache.invalidate(profileId);
    return result;
  }

  @Put('runner-profile/:id/challenge-order')
  async reorderChallenges(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ challenges: Challenge[] }> {
    const profileId = profileIdOr404(id);
    const order = parseOrThrow(challengeOrderRequestSchema, body);
    const challenges = await this.rpc.call(PROFILES.profile.reorderChallenges, {
      userId: user.id,
      profileId,
      order,
    });
    this.cache.invalidate(profileId);
    return { challenges };
  }

  @Get('runner-profile/:id/encouragements')
  encouragements(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<Encouragement[]> {
    return this.rpc.call(PROFILES.encouragement.list, {
      userId: user.id,
      profileId: profileIdOr404(id),
    });
  }

  @Get('recent-profiles')
  recent(@CurrentUser() user: SessionUser): Promise<ProfileSummary[]> {
    return this.rpc.call(PROFILES.profile.listOwn, { userId: user.id });
  }

  @Get('user/profile-slug')
  latestSlug(@CurrentUser() user: SessionUser, @Query('userId') requestedUserId?: string): Promise<{ slug: string }> {
    return this.rpc.call(PROFILES.profile.latestSlug, { userId: user.id, requestedUserId });
  }

  /** Live check of the sign-up form: always 200, the reason in `message`. */
  @Public()
  @Get('slug-availability')
  slugAvailability(@Query('slug') slug?: string): Promise<SlugAvailability> {
    return this.rpc.call(PROFILES.slug.availability, { slug: slug ?? '' });
  }
}
