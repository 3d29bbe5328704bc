'use client';

import { useRouter } from 'next/navigation';
import type { MouseEvent, SyntheticEvent } from 'react';
import { withOrigin } from '@/lib/origin';
import styles from './document-links-origin.module.css';

/** The link to a document an event happened on, with this page's address added as `from`. */
function documentLinkOf(event: SyntheticEvent): { link: HTMLAnchorElement; href: string } | null {
  const target = event.target as Element | null;
  const link = target?.closest?.('a[href^="/documents/"]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const current = link.getAttribute('href') ?? '';
  // Already marked (by a pointer over it, or by the page that rendered it): followed as it is.
  const href =
    withOrigin(current, `${window.location.pathname}${window.location.search}`) ??
    (/[?&]from=/.test(current) ? current : null);
  return href ? { link, href } : null;
}

/**
 * Every link to a document followed from the page inside carries the page's own address at that
 * moment (`from`: an answer's URL once it has one, a search with its filters), so the document's
 * "Back" returns here. The address is added when the pointer or focus reaches the link (so a new tab
 * or a copied link has it too) and on a plain click, which then navigates here (next/link would
 * follow the address it was rendered with).
 */
export function DocumentLinksCarryOrigin({ children }: { children: React.ReactNode }) {
  const router = useRouter();

  const mark = (event: SyntheticEvent) => {
    const found = documentLinkOf(event);
    if (found) found.link.setAttribute('href', found.href);
  };

  const follow = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const found = documentLinkOf(event);
    if (!found) return;
    event.preventDefault();
    found.link.setAttribute('href', found.href);
    router.push(found.href);
  };

  return (
    <div className={styles.origin} onPointerOverCapture={mark} onFocusCapture={mark} onClickCapture={follow}>
      {children}
    </div>
  );
}
