import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

/** The next step a notice offers: a link to the page where the visitor can take it. */
export interface ToastAction {
  label: string;
  href: string;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds before it closes by itself. */
  durationMs?: number;
}

export interface ToastApi {
  toast: (options: ToastOptions) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
