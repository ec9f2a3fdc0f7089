import { createContext, useContext } from 'react';

/** A supporter action a read-only page intercepts instead of donating or sending anything. */
export type SupporterAction = { kind: 'donate' } | { kind: 'challenge'; amount: number } | { kind: 'encourage' };

export type ReadOnlyActionHandler = (action: SupporterAction) => void;

/** Set on a read-only page (the sample at /test-{name}); absent on every real runner page. */
export const ReadOnlyActionContext = createContext<ReadOnlyActionHandler | null>(null);

export function useReadOnlyAction(): ReadOnlyActionHandler | null {
  return useContext(ReadOnlyActionContext);
}
