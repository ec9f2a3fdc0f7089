import { Link } from 'react-router';
import { useFitnessProfile } from '../api/get-fitness-profile';

function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** One line on a dashboard card: whether Strava is connected, needs reconnecting, and the last sync. */
export function StravaStatus({ profileId, slug }: { profileId: string; slug: string }) {
  const fitness = useFitnessProfile(profileId);
  const fitnessPath = `/${slug}/fitness`;

  if (fitness.isPending) return <p className="text-sm text-muted-foreground">Strava: checking…</p>;
  if (fitness.isError) return <p className="text-sm text-muted-foreground">Strava: status unavailable</p>;
  const { stravaConnected, needsReconnect, lastSyncedAt } = fitness.data;

  if (needsReconnect) {
    return (
      <p className="text-sm font-semibold text-danger-700">
        Strava needs reconnecting.{' '}
        <Link to={fitnessPath} className="underline underline-offset-4">
          Reconnect
        </Link>
      </p>
    );
  }
  if (!stravaConnected) {
    return (
      <p className="text-sm text-muted-foreground">
        Strava not connected.{' '}
        <Link to={fitnessPath} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Connect
        </Link>
      </p>
    );
  }
  return (
    <p className="text-sm text-success-700">
      Strava connected
      <span className="text-muted-foreground">
        {lastSyncedAt ? ` · last sync ${timeAgo(lastSyncedAt)}` : ' · first sync running'}
      </span>
    </p>
  );
}
