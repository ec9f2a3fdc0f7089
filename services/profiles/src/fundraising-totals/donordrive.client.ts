import { Injectable } from '@nestjs/common';
import { env } from '../config/env.js';
import { mapDonorDriveDonation, mapDonorDriveParticipant } from './map-platform.util.js';
import { errorForStatus, PlatformError, UnsafeAddressError } from './platform.errors.js';
import { platformGet, type PlatformResponse } from './platform-http.js';
import type { PlatformDonation, PlatformRead } from './platform.types.js';

export interface DonorDrivePage {
  donorDriveEventUrl: string | null;
  donorDriveParticipantId: string | null;
}

const DONATIONS_PER_READ = 100;

/**
 * DonorDrive's public API on each instance's own domain (no key): the participant's totals, with
 * If-None-Match, then its newest donations when they changed. The instance address is user input,
 * so only https hosts resolving to public addresses are asked (PLATFORM_EMULATOR_ORIGINS aside).
 */
@Injectable()
export class DonorDriveClient {
  /** Which instance and participant a page reads: also the key of the 15 s rule. */
  participantKey(page: DonorDrivePage): string {
    return `donordrive:${this.instance(page).host}:${page.donorDriveParticipantId}`;
  }

  /** The host a page's reads go to: the unit of the per-host limit. */
  host(page: DonorDrivePage): string {
    return this.instance(page).host;
  }

  async read(page: DonorDrivePage, etag: string | null, currency: string, signal?: AbortSignal): Promise<PlatformRead> {
    const base = this.instance(page);
    const id = encodeURIComponent(page.donorDriveParticipantId ?? '');
    const participant = await this.get(
      new URL(`/api/participants/${id}`, base),
      etag ? { 'if-none-match': etag } : {},
      signal,
    );
    const newEtag = header(participant, 'etag') ?? etag;
    if (participant.status === 304) return { changed: false, etag: newEtag, requests: 1 };
    const totals = mapDonorDriveParticipant(parseObject(participant.body));
    const donationsUrl = new URL(`/api/participants/${id}/donations`, base);
    donationsUrl.searchParams.set('limit', String(DONATIONS_PER_READ));
    donationsUrl.searchParams.set('orderBy', 'createdDateUTC DESC');
    const list = await this.get(donationsUrl, {}, signal);
    const donations = parseArray(list.body)
      .map((item) => mapDonorDriveDonation(item, currency))
      .filter((d): d is PlatformDonation => d !== undefined);
    return { changed: true, etag: newEtag, totals, donations, requests: 2 };
  }

  private instance(page: DonorDrivePage): URL {
    if (env.donorDrive.baseUrlOverride) return new URL(env.donorDrive.baseUrlOverride);
    try {
      return new URL(new URL(page.donorDriveEventUrl ?? '').origin);
    } catch {
      throw new UnsafeAddressError('The DonorDrive event URL is not a web address');
    }
  }

  private async get(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<PlatformResponse> {
    const response = await platformGet(url, {
      headers,
      timeoutMs: env.TOTALS_REQUEST_TIMEOUT_MS,
      signal,
      // In every environment: only the emulators named in the configuration skip the address rule.
      publicOnly: env.PLATFORM_EMULATOR_ORIGINS.includes(url.origin)
        ? undefined
        : { allowedHosts: env.donorDrive.allowedHosts },
    });
    const error = errorForStatus('DonorDrive', response.status, header(response, 'retry-after'));
    if (error) throw error;
    return response;
  }
}

export function header(response: PlatformResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function parseObject(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new PlatformError('The platform answered something that is not JSON', 'unavailable');
}

function parseArray(body: string): Record<string, unknown>[] {
  try {
    const value: unknown = JSON.parse(body);
    if (Array.isArray(value)) return value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object');
  } catch {
    // fall through
  }
  throw new PlatformError('The platform answered something that is not a list', 'unavailable');
}
