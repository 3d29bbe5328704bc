import type { Metadata } from 'next';
import Link from 'next/link';
import { AlertForm } from '@/components/alerts/alert-form';
import { agencyOptions, filingTypeOptions } from '@/components/workspaces/workspace-format';
import { findAlert, getAlert, listSources, listWebhookEndpoints } from '@/lib/bff.server';

type Props = { params: Promise<{ alertId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const alert = await findAlert((await params).alertId);
  return { title: alert ? `Edit — ${alert.definition.name}` : 'Alert not found' };
}

export default async function EditAlertPage({ params }: Props) {
  const { alertId } = await params;
  const [alert, sources, endpoints] = await Promise.all([getAlert(alertId), listSources(), listWebhookEndpoints()]);
  return (
    <div className="page page-wide">
      <Link href={`/alerts/${encodeURIComponent(alert.id)}`} className="subtle">
        ← {alert.definition.name}
      </Link>
      <div className="page-header">
        <div>
          <h1>Edit alert</h1>
          <p>
            {alert.kind === 'docket'
              ? `Every new filing on docket ${alert.docket?.docketNumber ?? ''}.`
              : 'Changes apply to filings that arrive from now on.'}
          </p>
        </div>
      </div>
      <AlertForm
        mode="edit"
        kind={alert.kind}
        alertId={alert.id}
        initial={alert.definition}
        agencies={agencyOptions(sources)}
        filingTypes={filingTypeOptions(sources)}
        endpoints={endpoints}
      />
    </div>
  );
}
