import { PageLayout } from '@/components/layouts/page-layout';
import { SkipLink } from '@/components/layouts/skip-link';
import { DocumentTitle } from '@/components/seo/document-title';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

/** Last-resort error view, e.g. a page's code that fails to load after a new deploy. */
export function RouteError() {
  return (
    <>
      {/* The root layout (and its skip link) is what failed, so this screen brings its own. */}
      <SkipLink />
      <PageLayout>
        <DocumentTitle title="Something went wrong" />
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-8 text-center sm:py-16">
          <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">Something went wrong</h1>
          <p className="mt-3 text-muted-foreground">This page could not be shown. Reloading usually fixes it.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <LinkButton to="/" variant="outline">
              Return to Home
            </LinkButton>
          </div>
        </div>
      </PageLayout>
    </>
  );
}
