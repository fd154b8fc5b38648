/** A form's validation or failure message, announced by screen readers. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
