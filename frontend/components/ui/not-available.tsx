import { InfoIcon } from '../icons';

// Honest placeholder for areas that later issues build: never fake data.
export function NotAvailable({
  area,
  arrivesWith,
  description,
}: {
  area: string;
  arrivesWith: string;
  description: string;
}) {
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <div>
          <h1>{area}</h1>
          <p>{description}</p>
        </div>
      </div>
      <div className="alert alert-info" role="status" data-testid="not-available">
        <InfoIcon />
        <p>
          <strong>{area} is not available yet</strong> — it arrives with {arrivesWith}.
        </p>
      </div>
    </div>
  );
}
