import { act, render } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageViewTracker } from '@/app/page-view-tracker';
import { DocumentTitle } from '@/components/seo/document-title';
import { snakeCase } from '@/hooks/use-form-analytics';
import { initAnalytics, PAGE_TITLE_WAIT_MS, redactPath, trackEvent, trackPageView } from './analytics';

function pageViews() {
  return (window.dataLayer ?? []).filter(
    (entry): entry is { event: string; page_path: string; page_title: string } =>
      (entry as { event?: string }).event === 'page_view',
  );
}

/** Like the runner page: the address as a placeholder title until the runner's data arrives. */
function RunnerLikePage({ release }: { release: Promise<void> }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void release.then(() => setLoaded(true));
  }, [release]);
  return loaded ? <DocumentTitle title="Jane Runner · Chicago Marathon" /> : <DocumentTitle title="jane" loading />;
}

function appWithTitles(initialPath: string, release: Promise<void>) {
  const shell = () => (
    <>
      <PageViewTracker />
      <Outlet />
    </>
  );
  return createMemoryRouter(
    [
      {
        path: '/',
        Component: shell,
        children: [
          { path: 'dashboard', element: <DocumentTitle title="Dashboard" /> },
          { path: ':slug', element: <RunnerLikePage release={release} /> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
}

describe('page_view titles', () => {
  it('carries the runner’s name once the page has loaded, not its address, and is sent once', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    render(
      <StrictMode>
        <RouterProvider router={appWithTitles('/jane', loaded)} />
      </StrictMode>,
    );
    await act(async () => {});
    expect(pageViews()).toEqual([]);

    await act(async () => release());
    expect(pageViews()).toEqual([
      { event: 'page_view', page_path: '/jane', page_title: 'Jane Runner · Chicago Marathon · RunPledge' },
    ]);
  });

  it('carries a static page’s title at once', async () => {
    const router = appWithTitles('/dashboard', new Promise<void>(() => {}));
    render(<RouterProvider router={router} />);
    expect(pageViews()).toEqual([{ event: 'page_view', page_path: '/dashboard', page_title: 'Dashboard · RunPledge' }]);
  });

  it('sends a view that never gets its title after the wait, with the title shown', async () => {
    vi.useFakeTimers();
    try {
      render(<RouterProvider router={appWithTitles('/jane', new Promise<void>(() => {}))} />);
      await act(async () => {});
      expect(pageViews()).toEqual([]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PAGE_TITLE_WAIT_MS);
      });
      expect(pageViews()).toEqual([{ event: 'page_view', page_path: '/jane', page_title: 'jane · RunPledge' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('event field names', () => {
  it('are snake_case whatever the input is called', () => {
    expect(snakeCase('donorDriveEventUrl')).toBe('donor_drive_event_url');
    expect(snakeCase('challenge-amount')).toBe('challenge_amount');
    expect(snakeCase('Marathon date')).toBe('marathon_date');
    expect(snakeCase('url_slug')).toBe('url_slug');
    expect(snakeCase('senderName')).toBe('sender_name');
  });
});

describe('analytics', () => {
  it('pushes a page view on every path change', async () => {
    const router = createMemoryRouter([{ path: '*', element: <PageViewTracker /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/jane-doe'));
    await act(() => router.navigate('/payment?canceled=true'));

    expect(pageViews().map((view) => view.page_path)).toEqual(['/', '/jane-doe', '/payment?canceled=true']);
  });

  it('pushes one page view per path, not one per render', async () => {
    const router = createMemoryRouter([{ path: '*', element: <PageViewTracker /> }], {
      initialEntries: ['/login'],
    });
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/login'));

    expect(pageViews()).toHaveLength(1);
  });

  it('pushes events to the dataLayer with their payload', () => {
    trackEvent('form_start', { form_name: 'signup' });
    trackEvent('begin_checkout', { value: 5, currency: 'USD', discount_code: 'RUN10' });

    expect(window.dataLayer).toEqual([
      { event: 'form_start', form_name: 'signup' },
      { event: 'begin_checkout', value: 5, currency: 'USD', discount_code: 'RUN10' },
    ]);
  });

  it('creates the dataLayer when it is missing instead of throwing', () => {
    delete window.dataLayer;

    expect(() => trackEvent('discount_code_applied', { discount_code: 'FREE', lifetime_access: true })).not.toThrow();
    expect(() => trackPageView('/')).not.toThrow();
    expect(window.dataLayer).toHaveLength(2);
  });

  it('keeps an existing dataLayer and appends to it', () => {
    const existing: unknown[] = [{ event: 'gtm.js' }];
    window.dataLayer = existing;

    trackEvent('form_complete', { form_name: 'login' });

    expect(window.dataLayer).toBe(existing);
    expect(existing).toHaveLength(2);
  });

  it('removes confirmation and Strava tokens from page paths', () => {
    expect(redactPath('/auth/confirm?token=abc&type=signup')).toBe('/auth/confirm?type=signup');
    expect(redactPath('/?strava_connected=true&strava_access_token=a&strava_refresh_token=r&strava_athlete_id=1')).toBe(
      '/?strava_connected=true&strava_athlete_id=1',
    );
    expect(redactPath('/payment?success=true')).toBe('/payment?success=true');
  });

  it("removes a team link's invite code from page paths", () => {
    expect(redactPath('/teams/sick-kids?invite=abc123')).toBe('/teams/sick-kids');
    expect(redactPath('/teams/sick-kids?utm_source=mail&invite=abc123')).toBe('/teams/sick-kids?utm_source=mail');
  });

  it('queues nothing and loads no script when no measurement id is configured', () => {
    initAnalytics(undefined);

    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads gtag.js once for the configured measurement id', () => {
    initAnalytics('G-TEST123');
    initAnalytics('G-TEST123');

    const scripts = document.querySelectorAll<HTMLScriptElement>('script[src^="https://www.googletagmanager.com/"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(scripts[0]?.async).toBe(true);
    scripts[0]?.remove();
  });

  it('queues the gtag config, without an automatic page view, when a measurement id is set', () => {
    initAnalytics('G-TEST123');

    const commands = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-TEST123', { send_page_view: false }],
    ]);
    document.querySelector('script[src^="https://www.googletagmanager.com/"]')?.remove();
  });
});
