import { AlertIcon } from '@/components/icons';

/** What a member sees on an administrators' page (as on /admin). */
export function AdminOnly({ title }: { title: string }) {
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="alert alert-warning" role="alert" data-testid="admin-only">
        <AlertIcon />
        <p>Only administrators can use this page. Ask an administrator of your organisation if you need access.</p>
      </div>
    </div>
  );
}
