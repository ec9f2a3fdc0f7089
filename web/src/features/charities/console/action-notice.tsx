/** Under a console form: the server's reason it was refused, or what was done. */
export function ActionNotice({ error, done }: { error?: string; done?: string }) {
  if (error)
    return (
      <p role="alert" className="mt-3 text-sm text-danger-700">
        {error}
      </p>
    );
  if (done)
    return (
      <p role="status" className="mt-3 text-sm font-medium text-brand-800">
        {done}
      </p>
    );
  return null;
}
