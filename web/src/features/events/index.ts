// The events feature's public surface: what other features may use (import '@/features/events').
export { EventSuggestions } from './components/event-suggestions';
