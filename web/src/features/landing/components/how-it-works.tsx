import { Container } from '@/components/ui/container';
import { ActivityIcon, HeartIcon, PageIcon } from '../illustrations/icons';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Set Up Your Page',
    body: 'Add your marathon, goal time, story and the link to your charity’s donation page. Your page is live in minutes.',
    Icon: PageIcon,
  },
  {
    title: 'Track Your Training via Strava',
    body: 'Connect Strava once. Every run adds to your miles and pace, so supporters follow each step of your training.',
    Icon: ActivityIcon,
  },
  {
    title: 'Raise Money',
    body: 'Share your page. Supporters donate straight to your charity and pick the challenges you set to make it fun.',
    Icon: HeartIcon,
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="py-20 sm:py-24">
      <Container>
        <SectionHeading id="how-it-works" eyebrow="Three steps" title="How It Works">
          From sign-up to race day, your page does the work of keeping supporters close.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ title, body, Icon }, i) => (
            <li key={title} className="relative rounded-2xl border border-border bg-white p-6 shadow-card sm:p-7">
              <div className="flex items-center gap-4">
                <span className="grid size-12 place-items-center rounded-xl bg-brand-700 text-white">
                  <Icon />
                </span>
                <span className="text-sm font-bold text-muted-foreground">Step {i + 1}</span>
              </div>
              <h3 className="mt-5 text-xl font-bold text-neutral-900">{title}</h3>
              <p className="mt-2 text-pretty text-muted-foreground">{body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
