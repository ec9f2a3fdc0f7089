import type { PageEventRequest, ProfileView } from '@runpledge/contracts';

/**
 * Owner insights' first-party events: what a visitor did on a runner page, sent to our own API
 * only. No cookie goes with it (`credentials: 'omit'`) and none comes back; the owner's own visits
 * and pages nobody else can see are not counted. Fire and forget: a lost event never bothers the
 * visitor. `keepalive` lets it leave even when the click opens another site.
 */
export function sendPageEvent(
  profile: Pick<ProfileView, 'id' | 'isOwner' | 'published'>,
  event: PageEventRequest,
): void {
  if (profile.isOwner || !profile.published) return;
  try {
    void fetch(`/api/runner-profile/${encodeURIComponent(profile.id)}/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser): nothing to count.
  }
}
