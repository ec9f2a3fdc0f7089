// The signup feature's public surface: what other features may use (import '@/features/signup').
export { useCreateRunnerProfile } from './api/create-runner-profile';
// Through page-details-fields, its one user here: the address field then stays in that chunk of the
// sign-up's first load (a chunk of its own would cost /signup its last bytes of bundle budget).
export { SlugField } from './components/page-details-fields';
export { suggestSlug } from './utils/suggest-slug';
