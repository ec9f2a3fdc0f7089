import { useParams } from 'react-router';
import { EventPage } from '@/features/events/components/event-page';

/** `/events/{slug}`: an event's public page. */
export default function EventRoute() {
  const { slug = '' } = useParams();
  return <EventPage key={slug} slug={slug} />;
}
