import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeeklyMilesChart } from './weekly-miles-chart';

describe('WeeklyMilesChart', () => {
  it('draws a bar a week, tallest for the biggest week, and lists the miles for screen readers', () => {
    render(
      <WeeklyMilesChart
        weeks={[
          { weekStart: '2026-02-23', miles: 10 },
          { weekStart: '2026-03-02', miles: 20 },
          { weekStart: '2026-03-09', miles: 0 },
        ]}
      />,
    );
    const bars = screen.getByTestId('weekly-miles-chart').querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    expect(Number(bars[1]!.getAttribute('height'))).toBeGreaterThan(Number(bars[0]!.getAttribute('height')));
    expect(Number(bars[2]!.getAttribute('height'))).toBe(0);
    expect(screen.getByText('Week of Mar 2: 20.0 miles')).toBeInTheDocument();
  });

  it('draws nothing without weeks', () => {
    const { container } = render(<WeeklyMilesChart weeks={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
