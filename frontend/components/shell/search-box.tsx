'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { SearchIcon } from '../icons';
import styles from './shell.module.css';

// A plain GET form (works without JavaScript); it shows the current query while on /search.
export function SearchBox() {
  const params = useSearchParams();
  const pathname = usePathname();
  // Only /search's own query: a document's ?q= is the words it highlights (a question's, say), not a search.
  const q = pathname === '/search' ? (params.get('q') ?? '') : '';
  return (
    <form role="search" action="/search" method="get" className={styles.search}>
      <SearchIcon />
      <label htmlFor="global-search" className="visually-hidden">
        Search filings
      </label>
      <input
        key={q}
        id="global-search"
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Search filings, dockets, parties…"
        className={styles.searchInput}
        autoComplete="off"
        data-testid="search-box"
      />
    </form>
  );
}
