import { ACTIVITY_FILE_LIMITS, ACTIVITY_FILE_MESSAGES, type Activity } from '@runpledge/contracts';

/** Why an upload was not stored: the API's status and message (or ours when it did not answer). */
export class ActivityUploadError extends Error {
  override readonly name = 'ActivityUploadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `POST /api/activities/upload` for one file, with XHR so the upload's progress can be shown
 * (`onProgress` gets 0–1). Resolves with the stored run (the answer's `activity`); rejects with an ActivityUploadError.
 */
export function uploadActivityFile(file: File, onProgress: (fraction: number) => void): Promise<Activity> {
  if (file.size > ACTIVITY_FILE_LIMITS.maxBytes)
    return Promise.reject(new ActivityUploadError(413, ACTIVITY_FILE_MESSAGES.tooLarge));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/activities/upload');
    xhr.withCredentials = true;
    // The gateway takes a file only with this header: a cross-site form cannot send it.
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        // 201 `{activity}`, as API.md says.
        const activity = body?.activity;
        if (typeof activity !== 'object' || activity === null) {
          reject(new ActivityUploadError(xhr.status, 'The upload failed. Please try again.'));
          return;
        }
        onProgress(1);
        resolve(activity as Activity);
        return;
      }
      const message = typeof body?.message === 'string' ? body.message : 'The upload failed. Please try again.';
      reject(new ActivityUploadError(xhr.status, message));
    };
    xhr.onerror = () => reject(new ActivityUploadError(0, 'The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
