import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { LinkButton } from '@/components/ui/link-button';

export default function NotFoundRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Page not found" />
      <div className="mx-auto flex max-w-md flex-col items-center py-8 text-center sm:py-16">
        <p className="text-6xl font-extrabold tracking-tight text-brand-700 sm:text-7xl">404</p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">Oops! Page not found</h1>
        <p className="mt-3 text-muted-foreground">
          The page you are looking for does not exist or has moved. Check the address, or head back to the home page.
        </p>
        <LinkButton to="/" className="mt-8">
          Return to Home
        </LinkButton>
      </div>
    </PageLayout>
  );
}
