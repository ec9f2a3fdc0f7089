import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EventSuggestions } from './event-suggestions';
import { sampleEvent } from '@/testing/sample-event';

const london = sampleEvent();

describe('EventSuggestions', () => {
  it('suggests events by name, city and date as one types, and hands over the one whose name is chosen', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
      'GET /api/events?query=lond': jsonResponse(200, { events: [london], page: 1, totalPages: 1 }),
      'GET /api/events?query=TCS+London+Marathon': jsonResponse(200, { events: [london], page: 1, totalPages: 1 }),
    });
    const onChoose = vi.fn();
    const first = renderWithProviders(<EventSuggestions id="s" typed="lond" onChoose={onChoose} />);
    await waitFor(() => expect(document.querySelectorAll('#s option')).toHaveLength(1));
    const option = document.querySelector('#s option')!;
    expect(option).toHaveAttribute('value', 'TCS London Marathon');
    expect(option.getAttribute('label')).toMatch(/^TCS London Marathon · London · /);
    expect(onChoose).not.toHaveBeenCalled();
    first.unmount();
    renderWithProviders(<EventSuggestions id="s" typed="TCS London Marathon" onChoose={onChoose} />);
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(london));
  });
});
