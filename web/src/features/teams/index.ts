// The teams feature's public surface: what other features may use (import '@/features/teams').
export { PageTeam } from './components/page-team';
