import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { useToast } from '@/components/ui/toast-context';
import { DistanceUnitSetting } from '@/features/pledges/components/distance-unit-setting';
import { useRunnerProfile } from '@/features/runner-page/api/use-runner-profile';
import { EditPageForm } from '@/features/signup/components/edit-page-form';
import { ApiRequestError } from '@/lib/api-client';
import NotFoundRoute from './not-found';

/** `/{slug}/edit`: the owner changes the page's details; anyone else finds nothing here. */
export default function EditPageRoute() {
  const { slug = '' } = useParams();
  const page = useRunnerProfile(slug);
  const navigate = useNavigate();
  const { toast } = useToast();

  if (page.isError && page.error instanceof ApiRequestError && page.error.status === 404) return <NotFoundRoute />;
  if (page.data && !page.data.isOwner) return <NotFoundRoute />;
  return (
    <PageLayout>
      <DocumentTitle title="Edit page details" />
      <div className="mx-auto max-w-2xl">
        <PageHeading lead="Change your marathon, your platform, your story, your challenges or your page address.">
          Edit page details
        </PageHeading>
        <div className="mt-8">
          {page.isPending ? (
            <p className="text-muted-foreground">Loading…</p>
          ) : page.isError ? (
            <p role="alert" className="text-danger-700">
              Failed to load profile information
            </p>
          ) : (
            <div className="flex flex-col gap-8">
              <DistanceUnitSetting key={`unit-${page.data.id}`} page={page.data} />
              <EditPageForm
                // Opened by a former address: the form edits the page where it lives now.
                key={page.data.id}
                page={page.data}
                onSaved={(newSlug) => {
                  toast({ title: 'Saved', description: 'Your page details were updated.', variant: 'success' });
                  void navigate(`/${newSlug}`);
                }}
              />
            </div>
          )}
        </div>
      </div>
    </PageLayout>
  );
}
