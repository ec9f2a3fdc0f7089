import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { initAnalytics } from '@/lib/analytics';
import { createQueryClient } from '@/lib/query-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

initAnalytics();
// One query cache for the pages and the router's prefetching loaders.
const queryClient = createQueryClient();
const root = createRoot(container);
// As a transition, React renders the app in slices of a few milliseconds and lets the browser in
// between them, instead of in one task that holds a phone's main thread.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter queryClient={queryClient} />
      </AppProvider>
    </StrictMode>,
  );
});
