import { Injectable } from '@nestjs/common';
import { env } from '../config/env.js';
import { header, parseObject } from './donordrive.client.js';
import { mapJustGivingDonation, mapJustGivingPage, toCount } from './map-platform.util.js';
import { errorForStatus, PlatformError } from './platform.errors.js';
import { platformGet, type PlatformResponse } from './platform-http.js';
import type { PlatformDonation, PlatformRead } from './platform.types.js';

const DONATIONS_PER_READ = 100;

/**
 * JustGiving's API with our key (`x-api-key`): the page's totals, then its donations, whose
 * `pagination.totalResults` is the donor count.
 */
@Injectable()
export class JustGivingClient {
  get available(): boolean {
    return env.justGiving !== null;
  }

  participantKey(shortName: string): string {
    return `justgiving:${shortName.toLowerCase()}`;
  }

  /** The host every JustGiving read goes to: the unit of the per-host limit. */
  get host(): string {
    return env.justGiving ? new URL(env.justGiving.baseUrl).host : 'justgiving';
  }

  async read(shortName: string, etag: string | null, signal?: AbortSignal): Promise<PlatformRead> {
    const name = encodeURIComponent(shortName);
    const page = await this.get(`/v1/fundraising/pages/${name}`, etag ? { 'if-none-match': etag } : {}, signal);
    const newEtag = header(page, 'etag') ?? etag;
    if (page.status === 304) return { changed: false, etag: newEtag, requests: 1 };
    const pageBody = parseObject(page.body);
    const currency = typeof pageBody.currencyCode === 'string' ? pageBody.currencyCode : 'GBP';
    const list = parseObject(
      (await this.get(`/v1/fundraising/pages/${name}/donations?pageSize=${DONATIONS_PER_READ}&pageNum=1`, {}, signal))
        .body,
    );
    const pagination = (list.pagination ?? {}) as Record<string, unknown>;
    const donors = toCount(pagination.totalResults);
    const donations = (Array.isArray(list.donations) ? list.donations : [])
      .map((item) => mapJustGivingDonation(item as Record<string, unknown>, currency))
      .filter((d): d is PlatformDonation => d !== undefined);
    return { changed: true, etag: newEtag, totals: mapJustGivingPage(pageBody, donors), donations, requests: 2 };
  }

  private async get(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<PlatformResponse> {
    const config = env.justGiving;
    if (!config) throw new PlatformError('No JustGiving API key is configured', 'refused');
    const url = new URL(`${config.baseUrl}${path}`);
    const response = await platformGet(url, {
      headers: { 'x-api-key': config.apiKey, ...headers },
      publicOnly: env.PLATFORM_EMULATOR_ORIGINS.includes(url.origin) ? undefined : { allowedHosts: [] },
      timeoutMs: env.TOTALS_REQUEST_TIMEOUT_MS,
      signal,
    });
    const error = errorForStatus('JustGiving', response.status, header(response, 'retry-after'));
    if (error) throw error;
    return response;
  }
}
