import { ACTIVITY_FILE_MESSAGES, type Activity } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ActivityFileUpload } from './activity-file-upload';
import { RecentActivities } from './recent-activities';

/** A stand-in XMLHttpRequest: the test sees each upload and decides its progress and answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const run = (overrides: Partial<Activity> = {}): Activity => ({
  id: '0b0e4c2e-6f5e-4b83-9a55-4a1f0a2b7c11',
  name: 'Sunday long run',
  source: 'upload',
  sportType: 'Run',
  distanceMeters: 16_093.4,
  durationSeconds: 5400,
  averagePaceSecondsPerKm: 335.5,
  elevationGainMeters: 30,
  startDate: '2026-10-04T07:30:00.000Z',
  externalUrl: null,
  ...overrides,
});
const file = (name: string, size?: number) => {
  const f = new File(['<gpx/>'], name, { type: 'application/gpx+xml' });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityFileUpload', () => {
  it('uploads dropped files one after another, each with its progress and its result, and shows the new runs', async () => {
    let stored: Activity[] = [];
    mockApi({ 'GET /api/activities': () => jsonResponse(200, stored) });
    renderWithProviders(
      <>
        <RecentActivities unit="mi" />
        <ActivityFileUpload />
      </>,
    );
    expect(await screen.findByText(/No activities yet/)).toBeInTheDocument();

    fireEvent.drop(screen.getByTestId('activity-dropzone'), {
      dataTransfer: { files: [file('long-run.gpx'), file('again.fit')] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [first] = FakeXhr.sent;
    expect(first).toMatchObject({ method: 'POST', url: '/api/activities/upload', withCredentials: true });
    expect(first!.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });
    expect((first!.body!.get('file') as File).name).toBe('long-run.gpx');

    first!.progress(50, 100);
    expect(await screen.findByRole('progressbar', { name: 'Uploading long-run.gpx' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading again.fit' })).toHaveAttribute('aria-valuenow', '0');

    stored = [run()];
    first!.answer(201, { activity: run() });
    expect(await screen.findByText('Added: Sunday long run')).toBeInTheDocument();
    // The list re-read: the new run is there without a reload, labelled where it came from.
    const list = await screen.findByRole('list', { name: 'Recent activities' });
    expect(within(list).getByText(/uploaded file/)).toBeInTheDocument();
    expect(within(list).getByText('10.00 mi')).toBeInTheDocument();

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.answer(409, { statusCode: 409, message: ACTIVITY_FILE_MESSAGES.alreadyOnPage('strava') });
    expect(await screen.findByText('This run is already on your page (via Strava).')).toBeInTheDocument();
  });

  it('picks files with a keyboard-reachable button, says why a file could not be read, and never sends one over 10 MB', async () => {
    mockApi({});
    renderWithProviders(<ActivityFileUpload />);
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => {});
    const button = screen.getByRole('button', { name: 'Choose files' });
    button.focus();
    expect(button).toHaveFocus();
    fireEvent.click(button);
    expect(opened).toHaveBeenCalled();
    expect(picker).toHaveAttribute('accept', '.gpx,.tcx,.fit');
    expect(picker.multiple).toBe(true);

    fireEvent.change(picker, { target: { files: [file('huge.gpx', 10 * 1024 * 1024 + 1), file('notes.gpx')] } });
    expect(await screen.findByText(ACTIVITY_FILE_MESSAGES.tooLarge)).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body!.get('file') as File).name).toBe('notes.gpx');
    FakeXhr.sent[0]!.answer(400, {
      statusCode: 400,
      message: ACTIVITY_FILE_MESSAGES.unreadable('it is not a GPX, TCX or FIT file'),
    });
    expect(
      await screen.findByText('We could not read this file: it is not a GPX, TCX or FIT file'),
    ).toBeInTheDocument();
  });
});
