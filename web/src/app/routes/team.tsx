import { useParams } from 'react-router';
import { TeamPage } from '@/features/teams/components/team-page';

/** `/teams/{slug}`: a team's public page. */
export default function TeamRoute() {
  const { slug = '' } = useParams();
  // Keyed so moving between two teams starts each one fresh.
  return <TeamPage key={slug} slug={slug} />;
}
