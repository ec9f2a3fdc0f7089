import { Inject, Injectable } from '@nestjs/common';
import { inboxHash, LOGGER, newSecretToken, type OutgoingMail } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { newStopLink, OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { PledgesRepository } from '../pledges/pledges.repository.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import type { RaceDayMailJob } from './race-day-jobs.queue.js';
import {
  finishMail,
  followConfirmationMail,
  raceMorningMail,
  thankYouMail,
  type RaceMailFacts,
} from './race-day-mail.js';
import { RaceDayRepository, type RaceMailKind, type Recipient } from './race-day.repository.js';
import { isRaceMorning, raceDayOf } from './race-day.util.js';

/** Mails of one job being written at once. */
const SENDING_AT_ONCE = 8;

/**
 * Sends the race-day mails. Each recipient's mail of a kind is claimed in the ledger (committed)
 * before it goes, so a job run twice, or a finish recorded, undone and recorded again, mails nobody
 * twice; a send that fails gives its claim back and the job is retried for those only. Every mail
 * goes through the suppression list (OptOutMailer) with its own "no more mail" link.
 */
@Injectable()
export class RaceDayMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly raceDay: RaceDayRepository,
    private readonly pledges: PledgesRepository,
    private readonly mailer: OptOutMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** How many mails went. */
  async run(job: RaceDayMailJob, now = new Date()): Promise<number> {
    switch (job.kind) {
      case 'follower-confirm':
        return this.confirmation(job.followerId);
      case 'morning': {
        const page = await this.page(job.runnerProfileId);
        // A job that waited past the morning (the worker was away) sends nothing on another day.
        if (!page || !isRaceMorning(raceDayOf(page), now)) return 0;
        return this.toEach(page, await this.raceDay.confirmedFollowers(page.id), 'morning', (f) => raceMorningMail(f));
      }
      case 'finish': {
        const page = await this.page(job.runnerProfileId);
        const result = page && (await this.raceDay.result(this.dataSource.manager, page.id));
        // Undone (or changed to did not finish) before the mail went: nothing; a finish recorded again asks again.
        if (!page || result?.status !== 'finished' || result.finishSeconds === null) return 0;
        const seconds = result.finishSeconds;
        // One mail per inbox: a follower who also pledged hears of the finish in the pledge's due mail.
        const pledgers = new Set((await this.raceDay.pledgersFallingDue(page.id)).map((r) => inboxHash(r.email)));
        const followers = (await this.raceDay.confirmedFollowers(page.id)).filter(
          (r) => !pledgers.has(inboxHash(r.email)),
        );
        return this.toEach(page, followers, 'finish', (f) => finishMail(f, seconds));
      }
      case 'thank-you': {
        const thanks = await this.raceDay.thankYou(job.thankYouId);
        const page = thanks && (await this.page(thanks.runnerProfileId));
        if (!thanks || !page) return 0;
        const followers = await this.raceDay.confirmedFollowers(page.id);
        // One mail per inbox: a follower who also pledged hears it once.
        const inboxes = new Set(followers.map((r) => inboxHash(r.email)));
        const pledgers = (await this.raceDay.thankablePledgers(page.id)).filter(
          (r) => !inboxes.has(inboxHash(r.email)),
        );
        const sent = await this.toEach(page, followers, 'thank-you', (f) => thankYouMail(f, thanks.message));
        // A pledger hears each thank-you (at most one a week); a follower only the first (three mails at most).
        return (
          sent +
          (await this.toEach(page, pledgers, `thank-you:${job.thankYouId}`, (f) => thankYouMail(f, thanks.message)))
        );
      }
    }
  }

  private async page(id: string): Promise<RunnerProfileEntity | null> {
    return (await this.pledges.findPage(this.dataSource.manager, id))?.page ?? null;
  }

  private facts(
    page: RunnerProfileEntity,
    to: { name: string | null; email: string },
    key: string,
    stopUrl: string,
  ): RaceMailFacts {
    return {
      to: to.email,
      name: to.name,
      runnerName: page.name,
      marathonName: page.marathonName,
      pageUrl: new URL(`/${page.urlSlug}`, env.PUBLIC_URL).toString(),
      stopUrl,
      messageKey: key,
    };
  }

  private async confirmation(followerId: string): Promise<number> {
    const { token, hash } = newSecretToken();
    const follower = await this.raceDay.claimConfirmation(followerId, hash);
    if (!follower) return 0;
    const page = await this.page(follower.runnerProfileId);
    if (!page) return 0;
    const confirmUrl = new URL('/followers/confirm', env.PUBLIC_URL);
    confirmUrl.searchParams.set('token', token);
    const stop = newStopLink();
    try {
      const mail = followConfirmationMail(
        this.facts(page, follower, `follower:${followerId}-${hash.slice(0, 16)}`, stop.url),
        confirmUrl.toString(),
      );
      return (await this.mailer.send(mail, stop.hash)) ? 1 : 0;
    } catch (err) {
      await this.raceDay.unclaimConfirmation(followerId, hash);
      throw err;
    }
  }

  /** One mail of `kind` to each recipient not sent one before (claimed in the ledger first). */
  private async toEach(
    page: RunnerProfileEntity,
    recipients: Recipient[],
    kind: RaceMailKind | `thank-you:${string}`,
    write: (facts: RaceMailFacts) => OutgoingMail,
  ): Promise<number> {
    let sent = 0;
    const failed: unknown[] = [];
    const queue = [...recipients];
    const sender = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        if (!(await this.raceDay.claimMail(page.id, r.key, kind))) continue;
        const stop = newStopLink();
        try {
          // An inbox on the suppression list keeps its claim unsent: never tried again.
          if (await this.mailer.send(write(this.facts(page, r, `${kind}-${r.key}`, stop.url)), stop.hash)) sent += 1;
        } catch (err) {
          failed.push(err);
          await this.raceDay.unclaimMail(r.key, kind);
        }
      }
    };
    await Promise.all(Array.from({ length: SENDING_AT_ONCE }, sender));
    if (failed.length > 0) {
      this.logger.warn({ kind, failed: failed.length, sent, err: failed[0] }, 'race-day mails not sent; retried');
      throw failed[0];
    }
    return sent;
  }
}
