import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleProfileView } from '../testing/sample-profile';
import { RunnerHero } from './runner-hero';

describe('RunnerHero', () => {
  it('says "Member of" the runner’s team, linking to the team page', () => {
    renderWithProviders(
      <RunnerHero profile={sampleProfileView({ team: { slug: 'sick-kids', name: 'Sick Kids Runners' } })} />,
    );
    expect(screen.getByText(/Member of/)).toHaveTextContent('Member of Sick Kids Runners');
    expect(screen.getByRole('link', { name: 'Sick Kids Runners' })).toHaveAttribute('href', '/teams/sick-kids');
  });

  it('names no team for a runner in none', () => {
    renderWithProviders(<RunnerHero profile={sampleProfileView()} />);
    expect(screen.queryByText(/Member of/)).not.toBeInTheDocument();
  });

  it('links the marathon to its event page, and names a race with no event as text', () => {
    const { unmount } = renderWithProviders(
      <RunnerHero
        profile={sampleProfileView({
          marathonName: 'TCS London Marathon',
          event: { slug: 'tcs-london-marathon-2099', name: 'TCS London Marathon', date: '2099-04-26' },
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'TCS London Marathon' })).toHaveAttribute(
      'href',
      '/events/tcs-london-marathon-2099',
    );
    unmount();
    renderWithProviders(<RunnerHero profile={sampleProfileView({ marathonName: 'Backyard Marathon' })} />);
    expect(screen.queryByRole('link', { name: 'Backyard Marathon' })).not.toBeInTheDocument();
  });
  it('links a listed charity to its page, and names none for a typed charity name', () => {
    const { unmount } = renderWithProviders(
      <RunnerHero profile={sampleProfileView({ charityName: 'Rivers Trust', charitySlug: 'rivers' })} />,
    );
    expect(screen.getByText(/Raising for/)).toHaveTextContent('Raising for Rivers Trust');
    expect(screen.getByRole('link', { name: 'Rivers Trust' })).toHaveAttribute('href', '/charities/rivers');
    unmount();
    renderWithProviders(
      <RunnerHero profile={sampleProfileView({ charityName: 'Local Hospice', charitySlug: null })} />,
    );
    expect(screen.queryByText(/Raising for/)).not.toBeInTheDocument();
  });
});
