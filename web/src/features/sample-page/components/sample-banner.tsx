import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';

/** Says plainly that this page is a sample, and offers the real thing. */
export function SampleBanner({ runnerName }: { runnerName: string }) {
  return (
    <aside aria-label="Sample page" className="border-b border-accent-200 bg-accent-50">
      <Container className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 font-bold text-accent-900">
            <span className="rounded-full bg-accent-200 px-2.5 py-0.5 text-xs tracking-wide uppercase">
              Sample page
            </span>
            Every runner gets a page like this one.
          </p>
          <p className="mt-1 text-sm text-neutral-700">
            {runnerName} is a made-up runner, so donations and messages are turned off here. Yours shows your own story,
            training and challenges.
          </p>
        </div>
        <LinkButton to="/signup" className="shrink-0 self-start sm:self-center">
          Create Your Page
        </LinkButton>
      </Container>
    </aside>
  );
}
