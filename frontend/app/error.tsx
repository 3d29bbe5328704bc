'use client';

import { ErrorView } from '@/components/ui/error-view';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="center-screen">
      <ErrorView error={error} reset={reset} />
    </div>
  );
}
