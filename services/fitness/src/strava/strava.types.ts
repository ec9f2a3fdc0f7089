/** The fields of Strava's SummaryActivity / DetailedActivity that we use. */
export interface StravaActivity {
  id: number | string;
  name?: string | null;
  distance?: number | null;
  moving_time?: number | null;
  elapsed_time?: number | null;
  total_elevation_gain?: number | null;
  sport_type?: string | null;
  /** Deprecated by Strava in favour of sport_type; read only when sport_type is absent. */
  type?: string | null;
  start_date: string;
  start_date_local?: string | null;
  /** Private on Strava (only its athlete sees it). */
  private?: boolean | null;
  /** Who Strava shows it to: `everyone`, `followers_only` or `only_me`. */
  visibility?: string | null;
}

export interface StravaTokenResponse {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  athlete?: { id: number | string };
  scope?: string;
}
