import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useRunnersCsv, type CharityRunnersFilter } from '../api/console';

/** Hands the browser a Blob as a file named `name`. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Every runner the filters show (all pages) as a CSV file, `{slug}-runners.csv`. */
export function RunnersCsv({
  charityId,
  slug,
  filter,
}: {
  charityId: string;
  slug: string;
  filter: CharityRunnersFilter;
}) {
  const csv = useRunnersCsv(charityId);
  const { toast } = useToast();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={csv.isPending}
      aria-busy={csv.isPending || undefined}
      onClick={() =>
        csv.mutate(filter, {
          onSuccess: (blob) => saveFile(blob, `${slug}-runners.csv`),
          onError: (err) =>
            toast({
              title: apiErrorMessage(err, 'The CSV could not be downloaded. Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    >
      {csv.isPending ? 'Preparing CSV…' : 'Download CSV'}
    </Button>
  );
}
