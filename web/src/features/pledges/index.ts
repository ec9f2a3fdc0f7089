// The pledges feature's public surface: what other features may use (import '@/features/pledges').
// The runner page loads it lazily; the dialog, the mail pages and the dashboard panel load apart.
export { PagePledges } from './components/page-pledges';
