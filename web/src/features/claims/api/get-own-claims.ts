import type { OwnerClaim } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ownClaimsKey = ['challenge-claims'] as const;

/** The claims on the signed-in runner's pages, newest first. */
export async function getOwnClaims(): Promise<OwnerClaim[]> {
  return (await api.get<{ claims: OwnerClaim[] }>('/api/challenge-claims')).claims;
}

export function useOwnClaims() {
  return useQuery({ queryKey: ownClaimsKey, queryFn: getOwnClaims });
}
