import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: 'File not found' };

/**
 * Always the not-found page beside it, with HTTP 404: the attachment route (a route handler, which
 * cannot render the app's pages) answers a missing document or file with this page's HTML.
 */
export default function FileMissingPage(): never {
  notFound();
}
