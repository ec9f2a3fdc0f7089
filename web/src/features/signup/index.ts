// The signup feature's public surface: what other features may use (import '@/features/signup').
export { useCreateRunnerProfile } from './api/create-runner-profile';
export { suggestSlug } from './utils/suggest-slug';
