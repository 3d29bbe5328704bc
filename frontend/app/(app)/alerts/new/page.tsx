import type { Metadata } from 'next';
import { AlertForm } from '@/components/alerts/alert-form';
import { alertPrefill, suggestedName } from '@/components/alerts/alert-format';
import { agencyOptions, filingTypeOptions } from '@/components/workspaces/workspace-format';
import { listSources, listWebhookEndpoints } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'New alert' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A new alert, prefilled from the search it was saved from (the search page's query string). */
export default async function NewAlertPage({ searchParams }: Props) {
  const { query, filters } = alertPrefill(await searchParams);
  const [sources, endpoints] = await Promise.all([listSources(), listWebhookEndpoints()]);
  return (
    <div className="page page-wide">
      <div className="page-header">
        <div>
          <h1>New alert</h1>
          <p>
            New filings that match reach you as they arrive or in a digest. The estimate shows how many the last 30 days
            would have brought.
          </p>
        </div>
      </div>
      <AlertForm
        mode="create"
        kind="search"
        initial={{
          name: suggestedName(query, filters),
          query,
          filters,
          question: '',
          // The time zone is the browser's, set once the form runs there.
          schedule: { cadence: 'realtime', hour: 8, weekday: 1, timeZone: '' },
          channels: { inApp: true, email: true, webhookEndpointId: '' },
        }}
        agencies={agencyOptions(sources)}
        filingTypes={filingTypeOptions(sources)}
        endpoints={endpoints}
      />
    </div>
  );
}
