import { Inject, Injectable } from '@nestjs/common';
import {
  CHARITY_ADMIN_ONLY,
  CHARITY_INVITATION_INVALID,
  CHARITY_LAST_ADMIN,
  CHARITY_LIMITS,
  CHARITY_NOT_FOUND,
  CHARITY_SLUG_TAKEN,
  CHARITY_STAFF_ONLY,
  COMMUNITY_EVENTS,
  CHARITY_STAFF_NOT_FOUND,
  CHARITY_VERIFICATION_DOMAIN,
  CHARITY_VERIFICATION_INVALID,
  ErrorCode,
  isAtWebsiteDomain,
  totalPagesOf,
  type Charity,
  type CharityDirectoryQuery,
  type CharityDirectoryResponse,
  type CharityLookupResponse,
  type CharityMessageRequest,
  type CharityRunnersQuery,
  type CharityRunnersResponse,
  type CharityPageQuery,
  type CharityPageResponse,
  type CharityResponse,
  type CharityRole,
  type CharityStaffRequest,
  type CharityStaffResponse,
  type CreateCharityRequest,
  type UpdateCharityRequest,
} from '@runpledge/contracts';
import {
  assertLiveAccount,
  DomainEvents,
  hashToken,
  LOGGER,
  Mailer,
  newSecretToken,
  ServiceException,
  type OutgoingMail,
} from '@runpledge/server-kit';
import type { CharityAccessQuery, CharityAccessResponse } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { PER_CURRENCY } from '../standings/group-kind.js';
import { StandingCurrencySumsRepository } from '../standings/standing-currency-sums.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import { TeamsRepository } from '../teams/teams.repository.js';
import { invitationMail, verificationMail } from './charity-mail.js';
import { CharityLinksRepository } from './charity-links.repository.js';
import { CharityMessagesRepository } from './charity-messages.repository.js';
import { CharityRunnersRepository } from './charity-runners.repository.js';
import { CharityStaffRepository } from './charity-staff.repository.js';
import { CharitiesRepository, type CharityRow } from './charities.repository.js';

const METERS_PER_MILE = 1609.344;
/** Verification and invitation mails a charity may send an hour: an admin cannot flood an inbox. */
const LINK_MAILS_PER_HOUR = 10;

const toMiles = (meters: number) => Math.round((meters / METERS_PER_MILE) * 100) / 100;
const percentOf = (raised: string, goal: string) =>
  Number(goal) > 0 ? Math.round((Number(raised) / Number(goal)) * 1000) / 10 : 0;

/**
 * Charities (API.md "Charities"): who may do what (admins manage, staff see the console), the proof
 * of the website's domain by a mailed link, and the public view. Their sums are standings of kind
 * `charity`, per currency, moved by the pages that name them (never summed on a read).
 */
@Injectable()
export class CharitiesService {
  constructor(
    private readonly charities: CharitiesRepository,
    private readonly staff: CharityStaffRepository,
    private readonly links: CharityLinksRepository,
    private readonly runners_: CharityRunnersRepository,
    private readonly messages: CharityMessagesRepository,
    private readonly teams: TeamsRepository,
    private readonly standingsRows: StandingsRepository,
    private readonly currencySums: StandingCurrencySumsRepository,
    private readonly standings: StandingsService,
    private readonly events: DomainEvents,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ---- the charity ----

  async create(userId: string, email: string, fields: CreateCharityRequest): Promise<CharityResponse> {
    const row = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const id = randomUUID();
      const created = await this.charities.insertIfSlugFree(manager, id, fields);
      if (!created) throw ServiceException.conflict(CHARITY_SLUG_TAKEN);
      await this.staff.upsert(manager, id, userId, email, 'admin');
      await this.standings.open(manager, { kind: 'charity', id }, PER_CURRENCY);
      return created;
    });
    return { charity: await this.view(row, userId) };
  }

  async update(userId: string, charityId: string, changes: UpdateCharityRequest): Promise<CharityResponse> {
    const row = await this.events.transaction(async (manager) => {
      const current = await this.lockAsAdmin(manager, charityId, userId);
      const updated = await this.charities.update(manager, charityId, {
        slug: changes.slug ?? current.slug,
        name: changes.name ?? current.name,
        website: changes.website ?? current.website,
        registeredNumber: changes.registeredNumber !== undefined ? changes.registeredNumber : current.registeredNumber,
        country: changes.country ?? current.country,
        mission: changes.mission ?? current.mission,
      });
      if (!updated) throw ServiceException.conflict(CHARITY_SLUG_TAKEN);
      return updated;
    });
    return { charity: await this.view(row, userId) };
  }

  async directory(viewerUserId: string | undefined, query: CharityDirectoryQuery): Promise<CharityDirectoryResponse> {
    const size = CHARITY_LIMITS.directoryPageSize;
    return this.events.transaction(async (manager) => {
      const { rows, total } = await this.charities.directory(manager, query.query, (query.page - 1) * size, size);
      return {
        charities: await this.views(manager, rows, viewerUserId),
        page: query.page,
        totalPages: totalPagesOf(total, size),
      };
    });
  }

  async getBySlug(
    slug: string,
    viewerUserId: string | undefined,
    query: CharityPageQuery,
  ): Promise<CharityPageResponse> {
    const size = CHARITY_LIMITS.runnersPageSize;
    return this.events.transaction(async (manager) => {
      const row = await this.charities.findBySlug(manager, slug);
      if (!row) throw ServiceException.notFound(CHARITY_NOT_FOUND);
      const [charity] = await this.views(manager, [row], viewerUserId);
      const { rows, total } = await this.runners_.published(manager, row.id, query.by, (query.page - 1) * size, size);
      return {
        charity,
        runners: rows.map((r) => ({
          runnerProfileId: r.profileId,
          pageSlug: r.urlSlug,
          name: r.name,
          raised: r.raised,
          currency: r.currency,
          goal: r.goal,
          percentOfGoal: percentOf(r.raised, r.goal),
          donors: r.donors,
          miles: toMiles(r.meters),
          eventName: r.eventName,
        })),
        teams: await this.teams.namingCharity(manager, row.id, CHARITY_LIMITS.pageTeams),
        events: await this.runners_.events(manager, row.id),
        page: query.page,
        totalPages: totalPagesOf(total, size),
      };
    });
  }

  /** Profiles, before a page names a charity: whether it exists, and its name. */
  async lookup(charityId: string): Promise<CharityLookupResponse> {
    const row = await this.events.transaction((manager) => this.charities.findById(manager, charityId));
    return {
      charity: row ? { id: row.id, slug: row.slug, name: row.name, verified: row.verifiedAt !== null } : null,
    };
  }

  /** Billing's seats: the user's role in the charity, and (when asked) whether that page names it. */
  async access(query: CharityAccessQuery): Promise<CharityAccessResponse> {
    // A charity that does not exist has no staff and no page names it: role null, namesCharity false.
    return this.events.transaction(async (manager) => {
      const role = await this.staff.roleOf(manager, query.charityId, query.userId);
      if (!query.runnerProfileId) return { role, page: null };
      const snapshot = await this.runners_.snapshotOfPage(manager, query.runnerProfileId);
      if (!snapshot) return { role, page: null };
      const named = await this.runners_.charityOfPage(manager, query.runnerProfileId);
      return { role, page: { userId: snapshot.userId, namesCharity: named?.charityId === query.charityId } };
    });
  }

  // ---- the console ----

  /** Every page naming the charity, published or not, with flags (staff only; checked on every call). */
  async runners(
    userId: string,
    charityId: string,
    query: CharityRunnersQuery,
    pageSize: number = CHARITY_LIMITS.consolePageSize,
  ): Promise<CharityRunnersResponse> {
    return this.events.transaction(async (manager) => {
      await this.requireStaff(manager, charityId, userId);
      const { rows, total } = await this.runners_.console(
        manager,
        charityId,
        {
          eventId: query.event,
          flag: query.flag,
          query: query.query,
          sort: query.sort,
          descending: query.order ? query.order === 'desc' : !['name', 'race_date'].includes(query.sort),
        },
        (query.page - 1) * pageSize,
        pageSize,
      );
      return {
        runners: rows.map((r) => ({
          runnerProfileId: r.profileId,
          name: r.name,
          pageSlug: r.urlSlug,
          published: r.published,
          eventName: r.eventName,
          raceDate: r.raceDate,
          platform: r.platform,
          raised: r.raised,
          currency: r.currency,
          goal: r.goal,
          percentOfGoal: percentOf(r.raised, r.goal),
          donors: r.donors,
          lastDonationAt: r.lastDonationAt ? new Date(r.lastDonationAt).toISOString() : null,
          miles: toMiles(r.meters),
          lastRunAt: r.lastRunAt ? new Date(r.lastRunAt).toISOString() : null,
          flags: [
            ...(r.noDonationYet ? (['no_donation_yet'] as const) : []),
            ...(r.behindPace ? (['behind_pace'] as const) : []),
            ...(r.quiet30Days ? (['quiet_30_days'] as const) : []),
            ...(r.goalReached ? (['goal_reached'] as const) : []),
          ],
        })),
        page: query.page,
        totalPages: totalPagesOf(total, pageSize),
      };
    });
  }

  /**
   * Staff write to runners whose pages name the charity: plain text, at most one message a week per
   * runner from one charity (the others are skipped). Profiles mails them from the recorded event.
   */
  async message(userId: string, email: string, charityId: string, message: CharityMessageRequest) {
    return this.events.transaction(async (manager) => {
      const charity = await this.charities.lock(manager, charityId);
      if (!charity) throw ServiceException.notFound(CHARITY_NOT_FOUND);
      await this.requireStaff(manager, charityId, userId);
      const ids = [...new Set(message.runnerProfileIds)];
      const naming = await this.runners_.namingAmong(manager, charityId, ids);
      const recent = await this.messages.messagedSince(
        manager,
        charityId,
        naming.map((p) => p.profileId),
        new Date(Date.now() - 7 * 24 * 3_600_000),
      );
      const recipients = naming.filter((p) => !recent.has(p.profileId));
      if (recipients.length === 0) return { queued: 0 };
      await this.messages.insertMany(
        manager,
        charityId,
        userId,
        recipients.map((p) => p.profileId),
      );
      await this.events.record(manager, COMMUNITY_EVENTS.charityMessageSent, {
        messageId: randomUUID(),
        charity: { id: charity.id, slug: charity.slug, name: charity.name },
        senderEmail: email,
        subject: message.subject,
        body: message.body,
        recipients: recipients.map((p) => ({ profileId: p.profileId, userId: p.userId, pageName: p.name ?? '' })),
      });
      return { queued: recipients.length };
    });
  }

  // ---- verification ----

  async requestVerification(userId: string, charityId: string, email: string): Promise<{ success: true }> {
    const { token, hash } = newSecretToken();
    const charity = await this.events.transaction(async (manager) => {
      const row = await this.lockAsAdmin(manager, charityId, userId);
      if (!isAtWebsiteDomain(email, row.website)) throw ServiceException.badRequest(CHARITY_VERIFICATION_DOMAIN);
      await this.withinMailBudget(manager, charityId, 'verification');
      await this.links.insert(manager, {
        tokenHash: hash,
        charityId,
        kind: 'verification',
        email,
        role: null,
        website: row.website,
        expiresAt: new Date(Date.now() + CHARITY_LIMITS.linkValidHours * 3_600_000),
      });
      return row;
    });
    const link = new URL('/charities/verify', env.PUBLIC_URL);
    link.searchParams.set('token', token);
    await this.send(verificationMail(email, charity, link.toString()));
    return { success: true };
  }

  async verify(token: string, viewerUserId: string | undefined): Promise<CharityResponse> {
    const row = await this.events.transaction(async (manager) => {
      const link = await this.links.take(manager, hashToken(token), 'verification');
      if (!link) throw ServiceException.badRequest(CHARITY_VERIFICATION_INVALID);
      const charity = await this.charities.lock(manager, link.charityId);
      // A link mailed for an older website proves nothing about the current one.
      if (!charity || charity.website !== link.website) throw ServiceException.badRequest(CHARITY_VERIFICATION_INVALID);
      await this.charities.markVerified(manager, charity.id, link.email);
      return (await this.charities.findById(manager, charity.id))!;
    });
    return { charity: await this.view(row, viewerUserId) };
  }

  // ---- staff ----

  async listStaff(userId: string, charityId: string): Promise<CharityStaffResponse> {
    return this.events.transaction(async (manager) => {
      await this.requireAdmin(manager, charityId, userId);
      return this.staffOf(manager, charityId);
    });
  }

  async inviteStaff(userId: string, charityId: string, invite: CharityStaffRequest): Promise<CharityStaffResponse> {
    const { token, hash } = newSecretToken();
    const { charity, staff, mail } = await this.events.transaction(async (manager) => {
      const row = await this.lockAsAdmin(manager, charityId, userId);
      const existing = await this.staff.findByEmail(manager, charityId, invite.email);
      if (existing) {
        // Staff already: the invitation changes their role (the last admin stays an admin).
        if (
          existing.role === 'admin' &&
          invite.role === 'staff' &&
          (await this.staff.countAdmins(manager, charityId)) <= 1
        )
          throw ServiceException.badRequest(CHARITY_LAST_ADMIN);
        await this.staff.upsert(manager, charityId, existing.userId, existing.email, invite.role);
        return { charity: row, staff: await this.staffOf(manager, charityId), mail: false };
      }
      await this.withinMailBudget(manager, charityId, 'invitation');
      await this.links.closeInvitations(manager, charityId, invite.email);
      await this.links.insert(manager, {
        tokenHash: hash,
        charityId,
        kind: 'invitation',
        email: invite.email,
        role: invite.role,
        website: null,
        expiresAt: new Date(Date.now() + CHARITY_LIMITS.linkValidHours * 3_600_000),
      });
      return { charity: row, staff: await this.staffOf(manager, charityId), mail: true };
    });
    if (mail) {
      const link = new URL('/charities/invitations', env.PUBLIC_URL);
      link.searchParams.set('token', token);
      await this.send(invitationMail(invite.email, charity, invite.role, link.toString()));
    }
    return staff;
  }

  /** The invitation's link, opened by a signed-in person: they join the staff with its role. */
  async acceptInvitation(userId: string, token: string): Promise<CharityResponse> {
    const row = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const link = await this.links.take(manager, hashToken(token), 'invitation');
      if (!link || !link.role) throw ServiceException.badRequest(CHARITY_INVITATION_INVALID);
      const charity = await this.charities.lock(manager, link.charityId);
      if (!charity) throw ServiceException.badRequest(CHARITY_INVITATION_INVALID);
      const current = await this.staff.roleOf(manager, charity.id, userId);
      // An admin accepting a staff invitation stays an admin.
      const role: CharityRole = current === 'admin' ? 'admin' : link.role;
      await this.staff.upsert(manager, charity.id, userId, link.email, role);
      await this.links.closeInvitations(manager, charity.id, link.email);
      return charity;
    });
    return { charity: await this.view(row, userId) };
  }

  /**
   * An admin removes a member of staff, or anyone leaves. Under the charity's row lock, so two admins
   * removing each other take turns: the second finds they are no longer an admin, and one admin stays.
   */
  async removeStaff(userId: string, charityId: string, staffUserId: string): Promise<CharityStaffResponse> {
    return this.events.transaction(async (manager) => {
      const charity = await this.charities.lock(manager, charityId);
      if (!charity) throw ServiceException.notFound(CHARITY_NOT_FOUND);
      const callerRole = await this.staff.roleOf(manager, charityId, userId);
      if (callerRole !== 'admin' && staffUserId !== userId) throw ServiceException.forbidden(CHARITY_ADMIN_ONLY);
      const targetRole = await this.staff.roleOf(manager, charityId, staffUserId);
      if (!targetRole) throw ServiceException.notFound(CHARITY_STAFF_NOT_FOUND);
      if (targetRole === 'admin' && (await this.staff.countAdmins(manager, charityId)) <= 1)
        throw ServiceException.badRequest(CHARITY_LAST_ADMIN);
      await this.staff.delete(manager, charityId, staffUserId);
      return callerRole === 'admin' && staffUserId !== userId ? this.staffOf(manager, charityId) : { staff: [] };
    });
  }

  // ---- helpers ----

  /** The charity's row locked, when the caller is one of its admins (403 otherwise, 404 when absent). */
  private async lockAsAdmin(manager: EntityManager, charityId: string, userId: string): Promise<CharityRow> {
    const row = await this.charities.lock(manager, charityId);
    if (!row) throw ServiceException.notFound(CHARITY_NOT_FOUND);
    await this.requireAdmin(manager, charityId, userId);
    return row;
  }

  /** Admins and staff: the console. Read on every call, so a removed member loses it at once. */
  private async requireStaff(manager: EntityManager, charityId: string, userId: string): Promise<void> {
    if (await this.staff.roleOf(manager, charityId, userId)) return;
    if (!(await this.charities.findById(manager, charityId))) throw ServiceException.notFound(CHARITY_NOT_FOUND);
    throw ServiceException.forbidden(CHARITY_STAFF_ONLY);
  }

  private async requireAdmin(manager: EntityManager, charityId: string, userId: string): Promise<void> {
    const role = await this.staff.roleOf(manager, charityId, userId);
    if (role === 'admin') return;
    if (!role && !(await this.charities.findById(manager, charityId)))
      throw ServiceException.notFound(CHARITY_NOT_FOUND);
    throw ServiceException.forbidden(CHARITY_ADMIN_ONLY);
  }

  private async withinMailBudget(manager: EntityManager, charityId: string, kind: 'verification' | 'invitation') {
    const sent = await this.links.countSince(manager, charityId, kind, new Date(Date.now() - 3_600_000));
    if (sent >= LINK_MAILS_PER_HOUR)
      throw new ServiceException(ErrorCode.RateLimited, 'Too many mails for this charity: please try again later');
  }

  private async staffOf(manager: EntityManager, charityId: string): Promise<CharityStaffResponse> {
    const active = await this.staff.list(manager, charityId);
    const invited = await this.links.openInvitations(manager, charityId);
    const activeEmails = new Set(active.map((s) => s.email.toLowerCase()));
    return {
      staff: [
        ...active.map((s) => ({ userId: s.userId, email: s.email, role: s.role, status: 'active' as const })),
        ...invited
          .filter((i) => !activeEmails.has(i.email.toLowerCase()))
          .map((i) => ({ userId: null, email: i.email, role: i.role ?? 'staff', status: 'invited' as const })),
      ],
    };
  }

  private async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.mailer.send(mail);
    } catch (err) {
      this.logger.error({ err, subject: mail.subject }, 'charity mail not sent');
      throw new ServiceException(ErrorCode.ServiceUnavailable, 'We could not send the mail: please try again shortly');
    }
  }

  private async view(row: CharityRow, viewerUserId: string | undefined): Promise<Charity> {
    return this.events.transaction(async (manager) => (await this.views(manager, [row], viewerUserId))[0]);
  }

  /** The charities as the API shows them: their standings per currency, and whether the viewer is staff. */
  private async views(
    manager: EntityManager,
    rows: CharityRow[],
    viewerUserId: string | undefined,
  ): Promise<Charity[]> {
    const ids = rows.map((r) => r.id);
    const sums = await this.standingsRows.ofGroups(manager, 'charity', ids);
    const totals = await this.currencySums.ofGroups(manager, 'charity', ids);
    const teamCounts = await this.teams.countNamingCharities(manager, ids);
    const staffOf = viewerUserId ? await this.staff.staffOfAmong(manager, viewerUserId, ids) : new Set<string>();
    return rows.map((row) => {
      const standing = sums.get(row.id);
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        website: row.website,
        registeredNumber: row.registeredNumber,
        country: row.country,
        mission: row.mission,
        verified: row.verifiedAt !== null,
        totals: (totals.get(row.id) ?? []).map((t) => ({ currency: t.currency, raised: t.raised, donors: t.donors })),
        runnerCount: standing?.memberCount ?? 0,
        teamCount: teamCounts.get(row.id) ?? 0,
        miles: toMiles(standing?.meters ?? 0),
        isStaff: staffOf.has(row.id),
      };
    });
  }
}
