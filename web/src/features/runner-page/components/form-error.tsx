/** A form's validation message, announced as soon as it appears. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger-700">
      {message}
    </p>
  );
}
