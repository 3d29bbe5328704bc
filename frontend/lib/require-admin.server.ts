import { forbidden } from 'next/navigation';
import { getSessionUser } from './bff.server';

/**
 * For administrators' pages: anyone else gets HTTP 403 and app/(app)/forbidden.tsx. Called by the
 * admin layout and by each page before it asks the BFF for anything (Next.js renders a page
 * alongside its layout, so the layout's check alone does not stop the page's requests).
 */
export async function requireAdmin(): Promise<void> {
  const user = await getSessionUser();
  if (user.role !== 'admin') forbidden();
}
