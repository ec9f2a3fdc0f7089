import { json } from '../common/http.js';
import type { Ledger, LedgerPage } from './ledger.js';
import {
  startPlatformEmulator,
  type PlatformDefinition,
  type PlatformEmulator,
  type PlatformEmulatorOptions,
} from './platform-server.js';

let nextParticipantId = 5000;

function participantJson(ledger: Ledger, page: LedgerPage, base: string) {
  return {
    participantID: Number(page.key),
    displayName: page.displayName,
    fundraisingGoal: page.goal,
    sumDonations: ledger.raised(page),
    sumPledges: 0,
    numDonations: page.donations.length,
    eventName: 'RunPledge Emulated Marathon',
    links: {
      donate: `${base}/index.cfm?fuseaction=donorDrive.participant&participantID=${page.key}#donate`,
      page: `${base}/index.cfm?fuseaction=donorDrive.participant&participantID=${page.key}`,
    },
    ...page.odd?.fields,
  };
}

/** DonorDrive's public API (no key): `/api/participants/{id}` with ETag, and its donations, newest first. */
export function startDonorDriveEmulator(options: PlatformEmulatorOptions = {}): Promise<PlatformEmulator> {
  let base = '';
  const definition: PlatformDefinition = {
    name: 'donordrive',
    registerApi(router, ledger, answer) {
      router.get('/api/participants/:id', (req) => {
        const page = ledger.get(req.params.id!);
        if (!page) return json(404, { message: 'Participant not found' });
        return answer(req, page, participantJson(ledger, page, base));
      });
      router.get('/api/participants/:id/donations', (req) => {
        const page = ledger.get(req.params.id!);
        if (!page) return json(404, { message: 'Participant not found' });
        const limit = Math.min(100, Math.max(1, Number(req.query.get('limit')) || 100));
        const offset = Math.max(0, Number(req.query.get('offset')) || 0);
        const items = page.donations.slice(offset, offset + limit).map((d) => ({
          donationID: d.id,
          participantID: Number(page.key),
          ...(d.name ? { displayName: d.name } : {}),
          ...(d.amountHidden ? {} : { amount: d.amount }),
          ...(d.message ? { message: d.message } : {}),
          createdDateUTC: d.donatedAt.toISOString().replace('Z', '+0000'),
        }));
        items.push(...((page.odd?.donations ?? []) as typeof items));
        return json(200, items, { 'Num-Records': String(page.donations.length) });
      });
    },
    createPage(ledger, input) {
      const id = input.participantId ?? (nextParticipantId += 1);
      return ledger.create(
        String(id),
        typeof input.displayName === 'string' ? input.displayName : 'Emulated Runner',
        typeof input.goal === 'number' ? input.goal : 0,
        'USD',
      );
    },
    describePage(ledger, page) {
      return participantJson(ledger, page, base);
    },
  };
  return startPlatformEmulator(definition, { ...options, port: options.port ?? 12113 }).then((emulator) => {
    base = emulator.url;
    return emulator;
  });
}
