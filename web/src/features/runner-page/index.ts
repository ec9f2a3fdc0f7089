// The runner-page feature's public surface: what other features may use (import '@/features/runner-page').
// Everything else in this folder is internal; routes (app/) compose the feature's components directly.
export { deleteChallenge } from './api/delete-challenge';
export { runnerProfileKey } from './api/get-runner-profile';
export { reorderChallenges } from './api/reorder-challenges';
export { createChallenge, updateChallenge } from './api/save-challenge';
export { Countdown } from './components/countdown';
export { ShareButtons } from './components/share-support';
