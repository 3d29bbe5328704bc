import { changeLogPath, releaseHeadline, type ReleaseNotice } from '../../domain/release-notice';

/** One release change in a digest's "Data products" section. */
export interface DigestReleaseView {
  productName: string;
  /** '' when the release has no version. */
  version: string;
  /** The change summary line, over the subscriber's rows when the subscription has a filter. */
  summary: string;
  url: string;
}

export const DATA_PRODUCTS_HEADING = 'Data products';

export function digestReleaseViews(releases: readonly ReleaseNotice[], appUrl: string): DigestReleaseView[] {
  return releases.map((notice) => ({
    productName: notice.dataProductName,
    version: notice.version,
    summary: releaseHeadline(notice).body,
    url: `${appUrl}${changeLogPath(notice)}`,
  }));
}

/** The section as the plain-text part shows it (nothing without releases). */
export function digestReleasesText(views: readonly DigestReleaseView[]): string[] {
  if (views.length === 0) return [];
  const lines = [`== ${DATA_PRODUCTS_HEADING}`, ''];
  for (const v of views)
    lines.push(`- ${v.productName}${v.version ? `, release ${v.version}` : ''}`, `  ${v.summary}`, `  ${v.url}`, '');
  return lines;
}
