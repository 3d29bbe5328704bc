'use client';

import './globals.css';
import { ErrorView } from '@/components/ui/error-view';

// Replaces the root layout when it fails itself, so it renders its own <html> and <body>.
export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Application error · Docket Research</title>
      </head>
      <body>
        <div className="center-screen">
          <ErrorView error={error} />
        </div>
      </body>
    </html>
  );
}
