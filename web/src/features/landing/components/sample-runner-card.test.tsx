import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SampleRunnerCard } from './sample-runner-card';

describe('SampleRunnerCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the sample figures in dollars with thousands separators, without loading Intl number data', () => {
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    render(<SampleRunnerCard />);
    expect(screen.getByText('$2,450', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('$2,450 of $3,000')).toBeInTheDocument();
    expect(toLocaleString).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
