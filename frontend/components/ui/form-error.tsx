import { AlertIcon } from '../icons';

export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      <AlertIcon />
      <p>{message}</p>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
