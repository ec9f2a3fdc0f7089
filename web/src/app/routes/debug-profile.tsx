import { useCallback, useEffect, useState } from 'react';
import { DocumentTitle } from '@/components/seo/document-title';
import { useToast } from '@/components/ui/toast-context';
import { RunnerPageView } from '@/features/runner-page/components/runner-page';
import type { SupporterAction } from '@/features/runner-page/components/read-only-action';
import { RunnerTopBar } from '@/features/runner-page/components/runner-top-bar';
import { SampleBanner } from '@/features/sample-page/components/sample-banner';
import { sampleActionNotice } from '@/features/sample-page/sample-notice';
import { sampleRunnerPage } from '@/features/sample-page/sample-runner';

/** How often the open sample page reads its (made-up) totals again. */
const SAMPLE_REFRESH_MS = 60_000;

/**
 * Spec 2's debug page at /test-{name}: the real runner page drawn from one fixed sample runner,
 * read-only and without a single API call. The name in the address is not used.
 */
export default function SampleRunnerPage() {
  const [{ profile, trainingStats, runHistory }, setSample] = useState(() => sampleRunnerPage());
  // Its totals move through the day: a visitor who stays sees the bar move, as on a live page.
  useEffect(() => {
    const timer = setInterval(() => setSample(sampleRunnerPage()), SAMPLE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const { toast } = useToast();
  const explain = useCallback((action: SupporterAction) => toast(sampleActionNotice(action)), [toast]);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <DocumentTitle title="Sample runner page" />
      <RunnerTopBar slug={profile.urlSlug} editable={false} />
      <SampleBanner runnerName={profile.name} />
      <RunnerPageView
        profile={profile}
        trainingStats={{ data: trainingStats, isPending: false, isError: false }}
        runHistory={{ data: runHistory, isPending: false, isError: false }}
        onReadOnlyAction={explain}
      />
    </div>
  );
}
