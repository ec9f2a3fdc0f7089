import { FaultInjector, registerFaultRoutes } from '../common/fault-injection.js';
import {
  json,
  parseJsonObject,
  Router,
  startHttpServer,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../common/http.js';
import { silentLogger, type EmulatorLogger } from '../common/logger.js';
import { ControlError, Ledger, notModified, type LedgerPage } from './ledger.js';
import { Trickle, type TrickleRuleInput } from './trickle.js';

export interface PlatformEmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  logger?: EmulatorLogger;
}

export interface PlatformEmulator {
  url: string;
  ledger: Ledger;
  faults: FaultInjector;
  /** Answers whose body comes one byte at a time (a slow platform). */
  trickle: Trickle;
  stats: { requests: number; notModified: number };
  reset(): void;
  close(): Promise<void>;
}

/** What differs between DonorDrive and JustGiving: their API routes and how a page is made. */
export interface PlatformDefinition {
  name: string;
  /** The API's routes; `answer` adds the ETag and turns a matching If-None-Match into 304. */
  registerApi(
    router: Router,
    ledger: Ledger,
    answer: (req: EmulatorRequest, page: LedgerPage, body: unknown) => EmulatorResponse,
  ): void;
  /** Creates a page from a control body. */
  createPage(ledger: Ledger, input: Record<string, unknown>): LedgerPage;
  /** The page as the control API shows it. */
  describePage(ledger: Ledger, page: LedgerPage): unknown;
  /** Checked before every API call (JustGiving's key); a response refuses the call. */
  authorize?(req: EmulatorRequest): EmulatorResponse | undefined;
}

function body(req: EmulatorRequest): Record<string, unknown> {
  if (req.rawBody.length === 0) return {};
  const parsed = parseJsonObject(req.rawBody);
  if (!parsed) throw new ControlError('body must be a JSON object');
  return parsed;
}

/**
 * A donation platform's emulator: the API under test, plus `/_emulator` controls to create a page,
 * set its goal, add a donation (named, anonymous, hidden amount) and misbehave on demand: faults,
 * trickled answers, and odd answers (`PUT /_emulator/pages/:key/odd-answer {fields, donations}`:
 * fields over the page's own, raw donation items after its donations; `{}` clears them).
 */
export async function startPlatformEmulator(
  definition: PlatformDefinition,
  options: PlatformEmulatorOptions & { port: number },
): Promise<PlatformEmulator> {
  const ledger = new Ledger();
  const faults = new FaultInjector();
  const trickle = new Trickle();
  const stats = { requests: 0, notModified: 0 };
  const router = new Router();

  const answer = (req: EmulatorRequest, page: LedgerPage, payload: unknown): EmulatorResponse => {
    const etag = ledger.etag(page);
    const ifNoneMatch = req.headers['if-none-match'];
    if (notModified(Array.isArray(ifNoneMatch) ? ifNoneMatch[0] : ifNoneMatch, etag)) {
      stats.notModified += 1;
      return { status: 304, headers: { ETag: etag } };
    }
    return json(200, payload, { ETag: etag, 'Cache-Control': 'private, max-age=0' });
  };
  definition.registerApi(router, ledger, answer);

  router.get('/_emulator/health', () => json(200, { ok: true, emulator: definition.name }));
  router.post('/_emulator/reset', () => {
    reset();
    return json(200, { ok: true });
  });
  router.get('/_emulator/stats', () =>
    json(200, { ...stats, faulted: faults.faulted, faults: faults.list(), pages: ledger.pages.size }),
  );
  router.post('/_emulator/pages', (req) =>
    json(201, definition.describePage(ledger, definition.createPage(ledger, body(req)))),
  );
  router.get('/_emulator/pages/:key', (req) =>
    json(200, definition.describePage(ledger, ledger.mustGet(req.params.key!))),
  );
  router.put('/_emulator/pages/:key/goal', (req) =>
    json(200, definition.describePage(ledger, ledger.setGoal(req.params.key!, body(req).goal))),
  );
  // Out-of-range amounts and counts, repeated donation ids: what a broken or hostile platform sends.
  router.put('/_emulator/pages/:key/odd-answer', (req) =>
    json(200, definition.describePage(ledger, ledger.setOdd(req.params.key!, body(req)))),
  );
  router.post('/_emulator/pages/:key/donations', (req) => {
    const donation = ledger.donate(req.params.key!, body(req));
    return json(201, { donation, page: definition.describePage(ledger, ledger.mustGet(req.params.key!)) });
  });
  registerFaultRoutes(router, faults);
  router.get('/_emulator/trickle', () =>
    json(200, { rules: trickle.list(), trickling: trickle.trickling, answers: trickle.answers }),
  );
  router.post('/_emulator/trickle', (req) => json(200, trickle.add(body(req) as unknown as TrickleRuleInput)));
  router.delete('/_emulator/trickle', () => {
    trickle.clear();
    return json(200, { ok: true });
  });

  const reset = () => {
    ledger.reset();
    faults.clear();
    faults.faulted = 0;
    trickle.reset();
    stats.requests = 0;
    stats.notModified = 0;
  };

  const server = await startHttpServer(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port,
      name: definition.name,
      logger: options.logger ?? silentLogger,
    },
    router,
    {
      notFound: () => json(404, { message: 'Not found' }),
      onError: (error) => (error instanceof ControlError ? json(400, { message: error.message }) : undefined),
      around: async (req, next) => {
        if (req.path.startsWith('/_emulator/')) return next();
        stats.requests += 1;
        const refused = definition.authorize?.(req);
        if (refused) return refused;
        return trickle.apply(req, await faults.around(req, next));
      },
    },
  );
  return { url: server.url, ledger, faults, trickle, stats, reset, close: () => server.close() };
}
