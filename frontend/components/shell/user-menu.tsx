'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '@/lib/types';
import { ChevronDownIcon, LogOutIcon, UserIcon } from '../icons';
import styles from './shell.module.css';
import { useSignOut } from './use-sign-out';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { signOut, signingOut } = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.userButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${user.name || user.email}: account menu`}
        data-testid="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        {/* Initials drawn by CSS: the text of the button is the name alone, which its accessible name starts with. */}
        <span className={styles.avatar} data-initials={initials(user.name, user.email)} aria-hidden="true" />
        <span className={styles.userName}>{user.name || user.email}</span>
        <ChevronDownIcon />
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <div className={styles.menuHeader}>
          <strong>{user.name || user.email}</strong>
          <span>{user.email}</span>
          <div className={styles.badges}>
            <span className={user.role === 'admin' ? 'badge badge-accent' : 'badge'}>
              {user.role === 'admin' ? 'Administrator' : 'Member'}
            </span>
            {user.organisationName ? <span className="badge">{user.organisationName}</span> : null}
          </div>
        </div>
        <Link href="/accounts" className={styles.menuItem} onClick={() => setOpen(false)}>
          <UserIcon /> Accounts
        </Link>
        <button
          type="button"
          className={styles.menuItem}
          onClick={() => void signOut()}
          disabled={signingOut}
          data-testid="sign-out"
        >
          <LogOutIcon /> {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
