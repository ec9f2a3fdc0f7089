/** A file we cannot take a run from; `reason` completes "We could not read this file: …". */
export class UnreadableFileError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnreadableFileError';
  }
}
