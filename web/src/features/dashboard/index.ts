// The dashboard feature's public surface: what other features may use (import '@/features/dashboard').
export { recentProfilesKey } from './api/get-recent-profiles';
export { useRecentProfiles } from './api/get-recent-profiles';
