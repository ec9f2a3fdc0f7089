import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ActivityUploadError, uploadActivityFile } from '../api/upload-activity-file';

export type UploadState =
  | { status: 'uploading'; progress: number }
  | { status: 'added'; runName: string }
  | { status: 'duplicate'; message: string }
  | { status: 'failed'; message: string };

export interface FileUpload {
  key: string;
  fileName: string;
  state: UploadState;
}

const TRAINING_QUERIES = ['fitness-profile', 'activities', 'training-stats', 'run-history'];

/**
 * The files the runner dropped or picked, sent one after another (each with its progress), and what
 * became of each; every run added refreshes the training views at once.
 */
export function useActivityUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const queue = useRef(Promise.resolve());
  const counter = useRef(0);

  const update = (key: string, state: UploadState) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, state } : u)));

  const send = useCallback(
    async (key: string, file: File) => {
      try {
        const activity = await uploadActivityFile(file, (progress) => update(key, { status: 'uploading', progress }));
        update(key, { status: 'added', runName: activity.name });
        await Promise.all(TRAINING_QUERIES.map((q) => queryClient.invalidateQueries({ queryKey: [q] })));
      } catch (err) {
        const message = err instanceof ActivityUploadError ? err.message : 'The upload failed. Please try again.';
        const status = err instanceof ActivityUploadError ? err.status : 0;
        update(key, { status: status === 409 ? 'duplicate' : 'failed', message });
      }
    },
    [queryClient],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = `upload-${++counter.current}`;
        setUploads((all) => [...all, { key, fileName: file.name, state: { status: 'uploading', progress: 0 } }]);
        queue.current = queue.current.then(() => send(key, file));
      }
    },
    [send],
  );

  return { uploads, add };
}
