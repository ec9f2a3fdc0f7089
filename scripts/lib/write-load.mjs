// Steady write load through the gateway (sign-ups, page edits, encouragement, manual runs), every
// request recorded, and the check afterwards that what was acknowledged is in the database once.
// Shared by the fault tests (test/faults) and `npm run chaos`.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const PASSWORD = 'Secret123';

async function call(base, method, path, { body, cookie, key, timeoutMs = 15_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, headers: res.headers, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, error: err.message, ms: performance.now() - started };
  }
}

/** Signs runners up and gives each a page (retrying while the stack warms up). */
export async function prepareRunners(base, count, label = 'load') {
  const runners = [];
  for (let i = 0; i < count; i++) {
    let email = `${label}-${randomUUID()}@example.com`;
    let session;
    for (let attempt = 0; attempt < 60 && !session; attempt++) {
      // A slow, busy stack: after a few tries with one address (its per-address budget), another.
      if (attempt > 0 && attempt % 4 === 0) email = `${label}-${randomUUID()}@example.com`;
      const signup = await call(base, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
      // 409: an earlier attempt went through but its answer was lost: sign in instead.
      const res =
        signup.status === 409
          ? await call(base, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } })
          : signup;
      if (res.status === 200 || res.status === 201) session = res;
      else await sleep(1000);
    }
    if (!session) throw new Error(`could not sign ${email} up`);
    const cookie = session.headers.get('set-cookie').split(';')[0];
    const slug = `${label}-${Date.now().toString(36)}-${i}`;
    const key = randomUUID();
    let page;
    for (let attempt = 0; attempt < 20; attempt++) {
      // The same Idempotency-Key on each attempt: one page however often it is sent.
      page = await call(base, 'POST', '/api/runner-profile', {
        cookie,
        key,
        body: {
          urlSlug: slug,
          name: `Runner ${i}`,
          marathonName: 'Chicago Marathon',
          marathonDate: '2027-10-10',
          goalHours: 3,
          goalMinutes: 45,
          description: 'Running for the kids.',
          donationPlatform: 'other',
          charityLink: 'https://charity.example.org/donate',
        },
      });
      if (page.status === 201) break;
      await sleep(500);
    }
    if (page.status !== 201) throw new Error(`page creation failed: ${page.status} ${JSON.stringify(page.body)}`);
    const signup = session;
    runners.push({ cookie, userId: signup.body.user.id, profileId: page.body.profile.id, slug });
  }
  return runners;
}

/**
 * Sends `ratePerSecond` writes, cycling `kinds` (sign-up, page edit, encouragement, manual run) over
 * the runners, until `stop()`. Each write carries a unique marker and an Idempotency-Key. A sign-up
 * costs a password hash (argon2, seconds of CPU on a busy 2-core machine): list it less often to
 * keep a small machine from measuring its own CPU rather than the fault.
 */
export function startWriteLoad(
  base,
  runners,
  { ratePerSecond = 20, timeoutMs = 15_000, kinds = ['signup', 'edit', 'encouragement', 'run'] } = {},
) {
  const requests = [];
  const inFlight = new Set();
  let n = 0;
  let running = true;

  function one() {
    const index = n++;
    const kind = kinds[index % kinds.length];
    const runner = runners[index % runners.length];
    const marker = `${kind}-${index}-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    let request;
    if (kind === 'signup') {
      request = call(base, 'POST', '/api/auth/signup', {
        body: { email: `${marker}@example.com`, password: PASSWORD },
        timeoutMs,
      });
    } else if (kind === 'edit') {
      request = call(base, 'PUT', `/api/runner-profile/${runner.profileId}`, {
        cookie: runner.cookie,
        body: { description: marker },
        timeoutMs,
      });
    } else if (kind === 'encouragement') {
      request = call(base, 'POST', '/api/encouragement', {
        key,
        body: { runnerProfileId: runner.profileId, senderName: 'Fan', message: marker },
        timeoutMs,
      });
    } else {
      request = call(base, 'POST', '/api/activities', {
        cookie: runner.cookie,
        key,
        body: { name: marker, date: '2026-01-15', distanceKm: 10, durationSeconds: 3000 },
        timeoutMs,
      });
    }
    const at = Date.now();
    const tracked = request.then((res) => {
      requests.push({
        kind,
        marker,
        runner,
        at,
        status: res.status,
        ms: res.ms,
        error: res.error,
        body: res.body,
        retryAfter: res.headers?.get('retry-after') ?? null,
      });
    });
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  const loop = (async () => {
    const interval = 1000 / ratePerSecond;
    let next = performance.now();
    while (running) {
      one();
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else next = performance.now();
    }
  })();

  return {
    requests,
    /** Stops sending and waits for the answers of what is in flight. */
    async stop() {
      running = false;
      await loop;
      await Promise.allSettled([...inFlight]);
      return requests;
    },
  };
}

const ok = (r) => r.status >= 200 && r.status < 300;

/** Figures of a set of requests: counts by status, success rate, p99 latency. */
export function summarize(requests) {
  const statuses = {};
  for (const r of requests) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const latencies = requests.map((r) => r.ms).sort((a, b) => a - b);
  const p = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0);
  const succeeded = requests.filter(ok).length;
  return {
    requests: requests.length,
    succeeded,
    successRate: requests.length ? succeeded / requests.length : 1,
    statuses,
    p50: Math.round(p(0.5)),
    p99: Math.round(p(0.99)),
  };
}

/**
 * Statuses of the requests by the second they were sent, counted from `origin` (e.g. the fault),
 * with the slowest answer of each second: `-1s 201×3 | 0s 503×2 201×1 (max 4012 ms) | …`.
 */
export function timeline(requests, origin) {
  const seconds = new Map();
  for (const r of requests) {
    const s = Math.floor((r.at - origin) / 1000);
    const entry = seconds.get(s) ?? { statuses: {}, max: 0 };
    entry.statuses[r.status] = (entry.statuses[r.status] ?? 0) + 1;
    entry.max = Math.max(entry.max, r.ms);
    seconds.set(s, entry);
  }
  return [...seconds.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([s, { statuses, max }]) =>
        `${s}s ${Object.entries(statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')} (max ${Math.round(max)} ms)`,
    )
    .join(' | ');
}

/**
 * The time from `from` until requests succeed again for good: the start of the first run of
 * `window` ms after which every request sent succeeded. Null when they never did.
 */
export function recoveryMs(requests, from, windowMs = 1_000) {
  const after = requests.filter((r) => r.at >= from).sort((a, b) => a.at - b.at);
  const lastFailure = [...after].reverse().find((r) => !ok(r));
  if (!lastFailure) return 0;
  const later = after.filter((r) => r.at > lastFailure.at);
  if (later.length === 0 || later[later.length - 1].at - lastFailure.at < windowMs) return null;
  return later[0].at - from;
}

/**
 * Looks up every write in the database: acknowledged ones must be there exactly once, the others
 * at most once. Page edits: the page ends with the last acknowledged edit or one sent after it.
 */
export async function verifyWrites(databaseUrl, requests) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql, values) => {
      const { rows } = await client.query(sql, [values]);
      return new Map(rows.map((row) => [row.k, Number(row.n)]));
    };
    const byKind = (kind) => requests.filter((r) => r.kind === kind);
    const found = {
      signup: await count(
        'SELECT email AS k, count(*) AS n FROM identity.users WHERE email = ANY($1) GROUP BY email',
        byKind('signup').map((r) => `${r.marker}@example.com`),
      ),
      encouragement: await count(
        'SELECT message AS k, count(*) AS n FROM profiles.encouragements WHERE message = ANY($1) GROUP BY message',
        byKind('encouragement').map((r) => r.marker),
      ),
      run: await count(
        'SELECT name AS k, count(*) AS n FROM fitness.activities WHERE name = ANY($1) GROUP BY name',
        byKind('run').map((r) => r.marker),
      ),
    };
    const keyOf = (r) => (r.kind === 'signup' ? `${r.marker}@example.com` : r.marker);
    let acknowledged = 0;
    let foundOnce = 0;
    const lost = [];
    const twice = [];
    for (const kind of ['signup', 'encouragement', 'run']) {
      for (const r of byKind(kind)) {
        const n = found[kind].get(keyOf(r)) ?? 0;
        if (n > 1) twice.push(r.marker);
        if (ok(r)) {
          acknowledged++;
          if (n === 1) foundOnce++;
          if (n === 0) lost.push(r.marker);
        }
      }
    }
    // Edits: per page, the last acknowledged one or a later one (sent after, maybe applied).
    const edits = byKind('edit');
    const wrongEdits = [];
    for (const profileId of new Set(edits.map((r) => r.runner.profileId))) {
      const mine = edits.filter((r) => r.runner.profileId === profileId).sort((a, b) => a.at - b.at);
      const lastAcked = mine.reduce((last, r, i) => (ok(r) ? i : last), -1);
      if (lastAcked === -1) continue;
      const ackedEdits = mine.filter(ok).length;
      acknowledged += ackedEdits;
      const { rows } = await client.query('SELECT description FROM profiles.runner_profiles WHERE id = $1', [
        profileId,
      ]);
      // The last acknowledged edit, or one that may have been applied after it: sent later, or
      // still unanswered (in flight, or lost to a timeout) when it was sent.
      const last = mine[lastAcked];
      const allowed = new Set(mine.filter((r) => r === last || r.at + r.ms >= last.at).map((r) => r.marker));
      if (allowed.has(rows[0]?.description)) foundOnce += ackedEdits;
      else wrongEdits.push({ profileId, description: rows[0]?.description, expected: mine[lastAcked].marker });
    }
    return { acknowledged, foundOnce, lost, twice, wrongEdits };
  } finally {
    await client.end();
  }
}
