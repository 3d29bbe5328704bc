/**
 * What a data subscriber is told of a published release: whether anything they follow changed, and
 * the message (in-app, e-mail, webhook) that says what. Pure: the counts come from the documents
 * service, which compares the release with the one before (over the subscriber's rows only, when the
 * subscription has filters).
 */
import { describeFilters, type DataSubscriptionRecord, type SubscriptionRowFilter } from './data-subscription';

export interface ReleaseColumnChange {
  column: string;
  changed: number;
  filled: number;
  cleared: number;
  up: number;
  down: number;
  later: number;
  earlier: number;
  forward: number;
  back: number;
}

/** A release's change log (whole, or over the rows matching a subscription's filters). */
export interface ReleaseChangeLog {
  added: number;
  removed: number;
  changed: number;
  columns: ReleaseColumnChange[];
  columnsAdded: string[];
  columnsRemoved: string[];
  /** One line: "9 new proceedings, 4 authorized increase stated, 1 new column". */
  summary: string;
}

/** A release's notice as stored with its deliveries: a retry sends what was decided. */
export interface ReleaseNotice {
  subscriptionId: string;
  dataProductId: string;
  dataProductName: string;
  releaseId: string;
  version: string;
  /** '' without filters. */
  filterText: string;
  changeLog: ReleaseChangeLog;
}

/**
 * Whether a subscriber hears of the release. Without filters, any change of the product counts (rows
 * or columns); with filters only rows that match them, added, removed or changed: a column added to
 * the product is not news about the rows someone follows.
 */
export function shouldNotify(filters: readonly SubscriptionRowFilter[], log: ReleaseChangeLog | null): boolean {
  if (!log) return false;
  const rows = log.added + log.removed + log.changed > 0;
  if (filters.length > 0) return rows;
  return rows || log.columnsAdded.length > 0 || log.columnsRemoved.length > 0;
}

export function releaseNoticeOf(
  subscription: Pick<DataSubscriptionRecord, 'id' | 'dataProductId' | 'dataProductName' | 'filters'>,
  release: { id: string; version: string },
  changeLog: ReleaseChangeLog,
): ReleaseNotice {
  return {
    subscriptionId: subscription.id,
    dataProductId: subscription.dataProductId,
    dataProductName: subscription.dataProductName || subscription.dataProductId,
    releaseId: release.id,
    version: release.version,
    filterText: describeFilters(subscription.filters),
    changeLog,
  };
}

/** The in-app page of the release's change log, which every message links to. */
export function changeLogPath(notice: Pick<ReleaseNotice, 'dataProductId' | 'releaseId'>): string {
  return (
    `/data-subscriptions/${encodeURIComponent(notice.dataProductId)}/change-log` +
    `?release=${encodeURIComponent(notice.releaseId)}`
  );
}

/** Title and one-line body, the same in the bell and the e-mail's subject and intro. */
export function releaseHeadline(notice: ReleaseNotice): { title: string; body: string } {
  const version = notice.version ? ` ${notice.version}` : '';
  const scope = notice.filterText ? `Rows where ${notice.filterText}: ` : '';
  return {
    title: `${notice.dataProductName}: release${version} published`,
    body: `${scope}${notice.changeLog.summary || 'No changes'}`,
  };
}

/** Exactly once per subscriber and release: every message of one notice is keyed by both. */
export const releaseKeys = {
  notice: (subscriptionId: string, releaseId: string) => `release:${subscriptionId}:${releaseId}`,
  delivery: (subscriptionId: string, releaseId: string, channel: 'email' | 'webhook') =>
    `release:${subscriptionId}:${releaseId}:${channel}`,
};

/** The `data` of the `data_product.release` webhook message: the product, the release and its change log. */
export function releaseWebhookData(notice: ReleaseNotice, publicAppUrl: string): Record<string, unknown> {
  const base = publicAppUrl.replace(/\/+$/u, '');
  const log = notice.changeLog;
  return {
    subscription: { id: notice.subscriptionId, filter: notice.filterText },
    data_product: {
      id: notice.dataProductId,
      name: notice.dataProductName,
      link: `${base}/data-subscriptions/${encodeURIComponent(notice.dataProductId)}`,
    },
    release: { id: notice.releaseId, version: notice.version, change_log_link: `${base}${changeLogPath(notice)}` },
    change_log: {
      summary: log.summary,
      added: log.added,
      removed: log.removed,
      changed: log.changed,
      columns_added: log.columnsAdded,
      columns_removed: log.columnsRemoved,
      columns: log.columns.map((c) => ({ ...c })),
    },
  };
}

/** What the alerts service needs to know of a data product (from the documents service). */
export interface ProductFacts {
  id: string;
  name: string;
  /** Empty for a product without a table. */
  columns: string[];
  /** Newest first. */
  releases: Array<{ id: string; version: string; changeLog: ReleaseChangeLog | null }>;
}

/** Implemented over the documents service's RPCs. */
export interface ReleaseChangesSource {
  /** null for an unknown product. */
  product(dataProductId: string): Promise<ProductFacts | null>;
  /**
   * The release's change log over only the rows matching the filters (both releases filtered); null
   * for a first release. Throws InputError, naming the filter, when one cannot be read against it.
   */
  changes(
    dataProductId: string,
    releaseId: string,
    filters: readonly SubscriptionRowFilter[],
  ): Promise<{ version: string; changeLog: ReleaseChangeLog | null }>;
}
