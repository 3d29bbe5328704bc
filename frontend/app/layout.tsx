import type { Metadata } from 'next';
import './globals.css';

// Every page is rendered per request: the CSP's nonce (middleware.ts) is new each time, and a page
// prerendered at build time (the 404 page, /) would carry scripts without it, which the CSP blocks.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Docket Research', template: '%s · Docket Research' },
  description: 'Search, question and follow regulatory and court filings.',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
