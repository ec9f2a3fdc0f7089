import { StrictMode } from 'react';
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
createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </AppProvider>
  </StrictMode>,
);
