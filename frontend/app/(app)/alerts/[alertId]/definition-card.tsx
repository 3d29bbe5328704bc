import Link from 'next/link';
import { channelsLabel, scheduleLabel } from '@/components/alerts/alert-format';
import type { Alert, WebhookEndpoint } from '@/components/alerts/alert-types';
import styles from '@/components/alerts/alerts.module.css';

/** What the alert looks for (its query and filters, or its docket), when it sends and where to. */
export function DefinitionCard({ alert, endpoint }: { alert: Alert; endpoint: WebhookEndpoint | undefined }) {
  const { definition: d } = alert;
  return (
    <section className="card" aria-labelledby="definition-heading">
      <div className="card-header">
        <h2 id="definition-heading">Definition</h2>
        <Link href={`/alerts/${encodeURIComponent(alert.id)}/edit`} className="btn btn-sm" data-testid="alert-edit">
          Edit
        </Link>
      </div>
      <div className="card-body">
        <dl className={styles.definition}>
          {alert.kind === 'docket' ? (
            <>
              <dt>Docket</dt>
              <dd>
                <span className="mono">{alert.docket?.docketNumber}</span>
                {alert.docket?.title ? <div>{alert.docket.title}</div> : null}
              </dd>
            </>
          ) : (
            <SearchDefinition definition={d} />
          )}
          <dt>When</dt>
          <dd data-testid="alert-schedule">{scheduleLabel(d.schedule)}</dd>
          <dt>Where</dt>
          <dd>
            {channelsLabel(d.channels)}
            {endpoint ? (
              <div className="subtle wrap-anywhere">
                {endpoint.url}
                {endpoint.disabled ? (
                  <span className={`badge badge-danger ${styles.endpointDisabled}`}>Disabled</span>
                ) : null}
              </div>
            ) : null}
          </dd>
        </dl>
      </div>
    </section>
  );
}

/** A saved search's terms: its query, the filters it has, and its question. */
function SearchDefinition({ definition: d }: { definition: Alert['definition'] }) {
  const filters: [string, string[]][] = [
    ['Agencies', d.filters.agencies],
    ['Filing types', d.filters.filingTypes],
    ['Dockets', d.filters.dockets],
    ['Parties', d.filters.parties],
    [
      'Filed',
      d.filters.filedFrom || d.filters.filedTo ? [`${d.filters.filedFrom || '…'} to ${d.filters.filedTo || '…'}`] : [],
    ],
  ];
  return (
    <>
      <dt>Query</dt>
      <dd className={styles.query} data-testid="alert-query">
        {d.query || <span className="subtle">Filters only</span>}
      </dd>
      {filters
        .filter(([, values]) => values.length > 0)
        .map(([label, values]) => (
          <div key={label} className={styles.definitionRow}>
            <dt>{label}</dt>
            <dd className={styles.chips}>
              {values.map((v) => (
                <span key={v} className={styles.chip}>
                  {v}
                </span>
              ))}
            </dd>
          </div>
        ))}
      {d.question ? (
        <>
          <dt>Question</dt>
          <dd>{d.question}</dd>
        </>
      ) : null}
    </>
  );
}
