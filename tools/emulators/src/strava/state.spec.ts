import { beforeEach, describe, expect, it } from '@jest/globals';
import { StravaError, StravaState } from './state.js';

describe('StravaState', () => {
  const clock = { ms: Date.UTC(2026, 10, 22, 12), nowMs: () => clock.ms };
  let state: StravaState;

  beforeEach(() => {
    clock.ms = Date.UTC(2026, 10, 22, 12);
    state = new StravaState(clock, { clientId: 'c', tokenTtlSeconds: 21_600, defaultAthleteActivities: 5 });
  });

  it('starts with a default athlete and its activities', () => {
    expect(state.athletes.size).toBe(1);
    expect(state.activities.size).toBe(5);
  });

  it('exchanges a code once, always granting read', () => {
    const athleteId = state.defaultAthleteId!;
    const scope = StravaState.normalizeScope(['activity:read_all']);
    expect(scope).toEqual(['read', 'activity:read_all']);
    const code = state.createAuthorizationCode(athleteId, 'c', scope, 'https://app.test/cb');
    const { tokens, athlete } = state.exchangeCode(code, 'c');
    expect(athlete.id).toBe(athleteId);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 21_600, expires_at: clock.ms / 1000 + 21_600 });
    expect(() => state.exchangeCode(code, 'c')).toThrow(StravaError);
  });

  it('rotates refresh tokens and refuses the old one', () => {
    const first = state.issueTokens(state.defaultAthleteId!, 'c', ['read', 'activity:read_all']);
    const second = state.refresh(first.refresh_token, 'c');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(() => state.refresh(first.refresh_token, 'c')).toThrow(
      expect.objectContaining({
        status: 400,
        body: expect.objectContaining({
          errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
        }),
      }),
    );
  });

  it('expires access tokens after their lifetime', () => {
    const tokens = state.issueTokens(state.defaultAthleteId!, 'c', ['read']);
    expect(state.checkAccessToken(tokens.access_token).ok).toBe(true);
    clock.ms += 21_600 * 1000;
    expect(state.checkAccessToken(tokens.access_token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('pages newest first with exclusive before and after', () => {
    const athlete = state.createAthlete({ activities: 50, seed: 3 });
    const all = state.listActivities(athlete.id, { page: 1, perPage: 200, includePrivate: true });
    expect(all).toHaveLength(50);
    expect(all.every((a, i) => i === 0 || a.start <= all[i - 1]!.start)).toBe(true);
    const page2 = state.listActivities(athlete.id, { page: 2, perPage: 20, includePrivate: true });
    expect(page2.map((a) => a.id)).toEqual(all.slice(20, 40).map((a) => a.id));
    const pivot = all[10]!;
    const before = state.listActivities(athlete.id, {
      before: pivot.start,
      page: 1,
      perPage: 200,
      includePrivate: true,
    });
    expect(before[0]!.id).toBe(all[11]!.id);
    const after = state.listActivities(athlete.id, { after: pivot.start, page: 1, perPage: 200, includePrivate: true });
    expect(after.map((a) => a.id)).toEqual(all.slice(0, 10).map((a) => a.id));
  });

  it('deauthorize revokes every token of the athlete for the app', () => {
    const tokens = state.issueTokens(state.defaultAthleteId!, 'c', ['read']);
    state.deauthorize(state.defaultAthleteId!, 'c');
    expect(state.checkAccessToken(tokens.access_token).ok).toBe(false);
    expect(() => state.refresh(tokens.refresh_token, 'c')).toThrow(StravaError);
  });

  it('reports activity updates with Strava field names', () => {
    const activity = state.addActivity(state.defaultAthleteId!, { name: 'Parkrun', distance: 5000 });
    expect(state.updateActivity(activity.id, { name: 'Parkrun PB', private: true }).updates).toEqual({
      title: 'Parkrun PB',
      private: 'true',
    });
  });
});
