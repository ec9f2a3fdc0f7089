// The auth feature's public surface: what other features may use (import '@/features/auth').
export { AuthForm } from './components/auth-form';
export type { AuthMode } from './utils/auth-errors';
