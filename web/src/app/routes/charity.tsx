import { useParams } from 'react-router';
import { CharityPage } from '@/features/charities/components/charity-page';

/** `/charities/{slug}`: a charity's public page. */
export default function CharityRoute() {
  const { slug = '' } = useParams();
  return <CharityPage key={slug} slug={slug} />;
}
