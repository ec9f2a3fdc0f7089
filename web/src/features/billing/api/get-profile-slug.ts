import { api } from '@/lib/api-client';

/** The slug of the runner's newest page (spec 7). */
export async function getProfileSlug(userId: string): Promise<string> {
  const { slug } = await api.get<{ slug: string }>(`/api/user/profile-slug?userId=${encodeURIComponent(userId)}`);
  return slug;
}
