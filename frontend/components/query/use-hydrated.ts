'use client';

import { useEffect, useState } from 'react';

/**
 * False during the server render and until React has hydrated: buttons that need JavaScript stay
 * disabled until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
