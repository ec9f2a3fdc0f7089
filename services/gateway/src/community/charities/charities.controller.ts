import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  CHARITIES,
  CHARITY_RUNNERS_CSV_HEADER,
  charityRunnerCsvCells,
  CHARITY_LIMITS,
  CHARITY_NOT_FOUND,
  CHARITY_STAFF_NOT_FOUND,
  SLUG_PATTERN,
  charityDirectoryQuerySchema,
  charityMessageRequestSchema,
  charityRunnersQuerySchema,
  charityPageQuerySchema,
  charityStaffRequestSchema,
  charityTokenRequestSchema,
  charityVerificationRequestSchema,
  createCharityRequestSchema,
  updateCharityRequestSchema,
  type CharityConsoleRunner,
  type CharityDirectoryResponse,
  type CharityMessageResponse,
  type CharityRunnersResponse,
  type CharityPageResponse,
  type CharityResponse,
  type CharityStaffResponse,
  type SessionUser,
} from '@runpledge/contracts';
import { toCsv } from '@runpledge/server-kit/csv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Public } from '../../common/public.decorator.js';
import { parseOrThrow } from '../../common/validation.js';
import { ViewCache } from '../../common/view-cache.js';
import { env } from '../../config/env.js';
import { CurrentUser } from '../../identity/current-user.decorator.js';
import { RateLimitService } from '../../identity/rate-limit.service.js';
import { NatsRpcClient } from '../../nats/nats-rpc.client.js';
import { idOr404 } from '../../profiles/route-ids.js';

/** Rows the CSV export asks community for at a time: the file streams out as they come. */
const CSV_PAGE_SIZE = 1000;
function csvRows(rows: CharityConsoleRunner[], withHeader: boolean): string {
  const header = [...CHARITY_RUNNERS_CSV_HEADER];
  const text = toCsv(header, rows.map(charityRunnerCsvCells));
  return withHeader ? text : text.slice(toCsv(header, []).length);
}

/**
 * Charities (API.md "Charities"). Community owns them and checks who is admin or staff on every
 * call (a removed member of staff loses the console at once: nothing here remembers a role).
 */
@Controller('charities')
export class CharitiesController {
  private readonly pages = new ViewCache<CharityPageResponse>(env.CHARITY_VIEW_CACHE_TTL_MS);

  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post()
  async create(
    @CurrentUser() user: SessionUser,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityResponse> {
    const charity = parseOrThrow(createCharityRequestSchema, body);
    await this.rateLimits.consume('charityWriteUser', user.id, reply);
    return this.rpc.call(CHARITIES.create, { userId: user.id, email: user.email, charity });
  }

  /** The public directory; per-IP budget so it cannot be swept. */
  @Public()
  @Get()
  async directory(
    @CurrentUser() user: SessionUser | undefined,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityDirectoryResponse> {
    const parsed = parseOrThrow(charityDirectoryQuerySchema, query);
    await this.rateLimits.consume('charityReadIp', request.ip, reply, 'requests');
    return this.rpc.call(CHARITIES.directory, { viewerUserId: user?.id, query: parsed });
  }

  /** Completes a verification from the mailed link: the token is the proof, signed in or not. */
  @Public()
  @Post('verify')
  @HttpCode(200)
  async verify(
    @CurrentUser() user: SessionUser | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityResponse> {
    const { token } = parseOrThrow(charityTokenRequestSchema, body);
    await this.rateLimits.consume('charityTokenIp', request.ip, reply);
    const verified = await this.rpc.call(CHARITIES.verify, { token, viewerUserId: user?.id });
    this.pages.clear();
    return verified;
  }

  /** Accepts a staff invitation from the mailed link, as the signed-in caller. */
  @Post('invitations/accept')
  @HttpCode(200)
  async acceptInvitation(
    @CurrentUser() user: SessionUser,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityResponse> {
    const { token } = parseOrThrow(charityTokenRequestSchema, body);
    await this.rateLimits.consume('charityTokenIp', request.ip, reply);
    return this.rpc.call(CHARITIES.acceptInvitation, { userId: user.id, email: user.email, token });
  }

  @Public()
  @Get(':slug')
  async get(
    @CurrentUser() user: SessionUser | undefined,
    @Param('slug') slug: string,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityPageResponse> {
    await this.rateLimits.consume('charityReadIp', request.ip, reply, 'requests');
    const parsed = parseOrThrow(charityPageQuerySchema, query);
    const address = slug.toLowerCase();
    if (address.length > CHARITY_LIMITS.slug || !SLUG_PATTERN.test(address))
      throw new NotFoundException(CHARITY_NOT_FOUND);
    const read = () => this.rpc.call(CHARITIES.getBySlug, { slug: address, viewerUserId: user?.id, query: parsed });
    // A signed-in reader may be its staff (`isStaff`): only a visitor's view is the same for everyone.
    return user ? read() : this.pages.get(`${address}\n${parsed.by}\n${parsed.page}`, read);
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<CharityResponse> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const changes = parseOrThrow(updateCharityRequestSchema, body);
    const updated = await this.rpc.call(CHARITIES.update, { userId: user.id, charityId, changes });
    // This replica's visitors see the edit at once; the others within their cache's moment.
    this.pages.clear();
    return updated;
  }

  @Post(':id/verification')
  @HttpCode(202)
  async requestVerification(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const verification = parseOrThrow(charityVerificationRequestSchema, body);
    await this.rateLimits.consume('charityWriteUser', user.id, reply);
    return this.rpc.call(CHARITIES.requestVerification, { userId: user.id, charityId, verification });
  }

  @Get(':id/staff')
  staff(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<CharityStaffResponse> {
    return this.rpc.call(CHARITIES.listStaff, { userId: user.id, charityId: idOr404(id, CHARITY_NOT_FOUND) });
  }

  @Post(':id/staff')
  @HttpCode(200)
  async invite(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityStaffResponse> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const invite = parseOrThrow(charityStaffRequestSchema, body);
    await this.rateLimits.consume('charityWriteUser', user.id, reply);
    return this.rpc.call(CHARITIES.inviteStaff, { userId: user.id, charityId, invite });
  }

  @Delete(':id/staff/:userId')
  removeStaff(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Param('userId') staffUserId: string,
  ): Promise<CharityStaffResponse> {
    return this.rpc.call(CHARITIES.removeStaff, {
      userId: user.id,
      charityId: idOr404(id, CHARITY_NOT_FOUND),
      staffUserId: idOr404(staffUserId, CHARITY_STAFF_NOT_FOUND),
    });
  }

  /** The console: staff only, checked by community on every call. */
  @Get(':id/runners')
  runners(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<CharityRunnersResponse> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const parsed = parseOrThrow(charityRunnersQuerySchema, query);
    return this.rpc.call(CHARITIES.runners, { userId: user.id, charityId, query: parsed });
  }

  /**
   * The console's rows as CSV (the same filter and sort), formula-safe, streamed a thousand rows at a
   * time; the first page is read before anything is sent, so a refusal is still a 403 or 404.
   */
  @Get(':id/runners.csv')
  async runnersCsv(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<StreamableFile> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const parsed = parseOrThrow(charityRunnersQuerySchema, query);
    const read = (page: number) =>
      this.rpc.call(CHARITIES.runners, {
        userId: user.id,
        charityId,
        query: { ...parsed, page },
        pageSize: CSV_PAGE_SIZE,
      });
    const first = await read(1);
    async function* lines() {
      yield csvRows(first.runners, true);
      for (let page = 2; page <= first.totalPages; page++) yield csvRows((await read(page)).runners, false);
    }
    return new StreamableFile(Readable.from(lines()), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="runners.csv"',
    });
  }

  @Post(':id/messages')
  @HttpCode(202)
  async message(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CharityMessageResponse> {
    const charityId = idOr404(id, CHARITY_NOT_FOUND);
    const message = parseOrThrow(charityMessageRequestSchema, body);
    await this.rateLimits.consume('charityWriteUser', user.id, reply);
    return this.rpc.call(CHARITIES.message, { userId: user.id, email: user.email, charityId, message });
  }
}
