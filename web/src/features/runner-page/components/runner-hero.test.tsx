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
});
