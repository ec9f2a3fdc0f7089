// The fitness feature's public surface: what other features may use (import '@/features/fitness').
export { fitnessProfileKey, useFitnessProfile } from './api/get-fitness-profile';
