'use client';

import { useEffect } from 'react';

/** sessionStorage key of a page's scroll position (per tab, by address). */
export function scrollKey(pathname: string, search: string): string {
  return `drs:scroll:${pathname}${search}`;
}

/**
 * Keeps the page's scroll position for this tab and, once `ready` (the content it scrolls over is
 * on the page), puts the reader back there: coming back by the browser's Back, a reload or a
 * document's "Back to …" link lands where they were, not at the top.
 */
export function RememberScroll({ ready }: { ready: boolean }) {
  useEffect(() => {
    if (!ready) return;
    const key = scrollKey(window.location.pathname, window.location.search);
    const saved = Number(window.sessionStorage.getItem(key));
    if (saved > 0) window.scrollTo(0, saved);
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => window.sessionStorage.setItem(key, String(Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [ready]);
  return null;
}
