import { json } from '../common/http.js';
import type { Ledger, LedgerPage } from './ledger.js';
import {
  startPlatformEmulator,
  type PlatformDefinition,
  type PlatformEmulator,
  type PlatformEmulatorOptions,
} from './platform-server.js';

let nextPageId = 900_000;
const pageIds = new WeakMap<LedgerPage, string>();

const money = (n: number) => n.toFixed(2);
const jgDate = (d: Date) => `/Date(${d.getTime()}+0000)/`;

function pageJson(ledger: Ledger, page: LedgerPage) {
  const raised = ledger.raised(page);
  return {
    pageId: pageIds.get(page) ?? '0',
    pageShortName: page.key,
    title: page.displayName,
    fundraisingTarget: money(page.goal),
    grandTotalRaisedExcludingGiftAid: money(raised),
    totalRaisedOnline: money(raised),
    totalRaisedPercentageOfFundraisingTarget: page.goal > 0 ? String(Math.round((raised / page.goal) * 100)) : '0',
    currencyCode: page.currency,
    currencySymbol: page.currency === 'GBP' ? '£' : page.currency === 'EUR' ? '€' : '$',
    pageStatus: 'Active',
    ...page.odd?.fields,
  };
}

/** JustGiving's page API (`x-api-key` required): the page with ETag, and its paginated donations. */
export function startJustGivingEmulator(
  options: PlatformEmulatorOptions & { apiKey: string },
): Promise<PlatformEmulator> {
  const definition: PlatformDefinition = {
    name: 'justgiving',
    authorize(req) {
      return req.headers['x-api-key'] === options.apiKey
        ? undefined
        : json(401, [{ id: 'ApiKey', desc: 'A valid x-api-key header is required' }]);
    },
    registerApi(router, ledger, answer) {
      router.get('/v1/fundraising/pages/:shortName', (req) => {
        const page = ledger.get(req.params.shortName!);
        if (!page) return json(404, [{ id: 'PageNotFound', desc: 'Fundraising page not found' }]);
        return answer(req, page, pageJson(ledger, page));
      });
      router.get('/v1/fundraising/pages/:shortName/donations', (req) => {
        const page = ledger.get(req.params.shortName!);
        if (!page) return json(404, [{ id: 'PageNotFound', desc: 'Fundraising page not found' }]);
        const size = Math.min(150, Math.max(1, Number(req.query.get('pageSize')) || 25));
        const number = Math.max(1, Number(req.query.get('pageNum')) || 1);
        const slice = page.donations.slice((number - 1) * size, number * size);
        const donations: Record<string, unknown>[] = slice.map((d) => ({
          id: Number(d.id),
          amount: d.amountHidden ? null : money(d.amount),
          currencyCode: page.currency,
          donationDate: jgDate(d.donatedAt),
          donorDisplayName: d.name ?? 'Anonymous',
          message: d.message,
        }));
        donations.push(...(page.odd?.donations ?? []));
        return json(200, {
          donations,
          pageShortName: page.key,
          pagination: {
            pageNumber: number,
            pageSizeRequested: size,
            pageSizeReturned: slice.length,
            totalPages: Math.max(1, Math.ceil(page.donations.length / size)),
            totalResults: page.donations.length,
          },
        });
      });
    },
    createPage(ledger, input) {
      const shortName =
        typeof input.shortName === 'string' && input.shortName ? input.shortName : `runner-${nextPageId + 1}`;
      const currency = typeof input.currency === 'string' && /^[A-Z]{3}$/.test(input.currency) ? input.currency : 'GBP';
      const page = ledger.create(
        shortName,
        typeof input.displayName === 'string' ? input.displayName : shortName,
        typeof input.goal === 'number' ? input.goal : 0,
        currency,
      );
      pageIds.set(page, String((nextPageId += 1)));
      return page;
    },
    describePage(ledger, page) {
      return pageJson(ledger, page);
    },
  };
  return startPlatformEmulator(definition, { ...options, port: options.port ?? 12114 });
}
