import { headers } from 'next/headers';

/**
 * Whether the browser came to this page from the app itself, or straight from its address bar or a
 * bookmark (Sec-Fetch-Site same-origin or none), not from another site: only then may rendering the
 * page write on the user's behalf. A browser that does not send the header counts as the app's own.
 */
export async function sameSiteNavigation(): Promise<boolean> {
  const site = (await headers()).get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
