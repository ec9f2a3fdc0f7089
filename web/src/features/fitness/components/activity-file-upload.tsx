import { ACTIVITY_FILE_LIMITS } from '@runpledge/contracts';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import { useActivityUploads, type FileUpload } from '../hooks/use-activity-uploads';
import { FitnessPanel } from './fitness-panel';

/** Runs from a watch's files: GPX, TCX or FIT, several at once, dropped here or picked. */
export function ActivityFileUpload() {
  const { uploads, add } = useActivityUploads();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) add(Array.from(event.dataTransfer.files));
  };

  return (
    <FitnessPanel title="Upload activity files">
      <div
        data-testid="activity-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-neutral-300',
        )}
      >
        <p id={hintId} className="text-sm text-neutral-700">
          Drop GPX, TCX or FIT files from your watch here (up to {ACTIVITY_FILE_LIMITS.maxBytes / 1024 / 1024} MB each),
          or choose them.
        </p>
        <Button variant="outline" onClick={() => input.current?.click()} aria-describedby={hintId}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACTIVITY_FILE_LIMITS.extensions.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            if (event.target.files) add(Array.from(event.target.files));
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Uploaded files">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} />
          ))}
        </ul>
      )}
    </FitnessPanel>
  );
}

function UploadRow({ upload }: { upload: FileUpload }) {
  const { state } = upload;
  return (
    <li className="flex flex-col gap-1">
      <p className="text-sm font-semibold break-all text-neutral-900">{upload.fileName}</p>
      {state.status === 'uploading' ? (
        <ProgressBar percent={state.progress * 100} label={`Uploading ${upload.fileName}`} tone="brand" />
      ) : (
        <p
          role="status"
          className={cn(
            'text-sm',
            state.status === 'added' && 'text-success-700',
            state.status === 'duplicate' && 'text-neutral-700',
            state.status === 'failed' && 'text-danger-700',
          )}
        >
          {state.status === 'added' ? `Added: ${state.runName}` : state.message}
        </p>
      )}
    </li>
  );
}
