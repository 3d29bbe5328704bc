'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, FolderIcon, PlusIcon } from '@/components/icons';
import { api, unwrap } from '@/lib/api.client';
import { currentWorkspaceId, ROLE_LABELS, workspacePreviewPath, workspaceSearchPath } from './workspace-format';
import styles from './workspace-switcher.module.css';
import type { WorkspaceSummary } from './workspace-types';

const SHOWN = 8;

/**
 * In the top bar: the workspace you are in (by name) and a menu of your most recently used
 * workspaces to switch to. Loaded in the browser, so pages outside workspaces pay nothing for it.
 */
export function WorkspaceSwitcher() {
  const pathname = usePathname();
  const currentId = currentWorkspaceId(pathname);
  const [open, setOpen] = useState(false);
  const [workspaces, setWorkspaces] = useState<WorkspaceSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Inside a workspace the name is wanted at once; elsewhere only when the menu opens.
  const wanted = open || currentId !== null;
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    unwrap(api.GET('/api/workspaces')).then(
      (r) => !cancelled && (setWorkspaces(r.workspaces), setFailed(false)),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, pathname]);

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

  useEffect(() => setOpen(false), [pathname]);

  const current = currentId ? workspaces?.find((w) => w.id === currentId) : undefined;
  const label = current?.name ?? (currentId ? 'Workspace' : 'Workspaces');

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={current ? `${styles.button} ${styles.inside}` : styles.button}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${label}: switch workspace`}
        data-testid="workspace-switcher"
        onClick={() => setOpen((v) => !v)}
      >
        <FolderIcon />
        <span className={styles.label}>{label}</span>
        <ChevronDownIcon />
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <div className={styles.heading}>Recent workspaces</div>
        {failed ? <p className={styles.note}>Your workspaces could not be loaded.</p> : null}
        {!failed && workspaces === null ? <p className={styles.note}>Loading…</p> : null}
        {workspaces?.length === 0 ? <p className={styles.note}>You have no workspaces yet.</p> : null}
        {workspaces?.slice(0, SHOWN).map((w) => (
          <Link
            key={w.id}
            href={w.can.run ? workspaceSearchPath(w.id) : workspacePreviewPath(w.id)}
            className={styles.item}
            aria-current={w.id === currentId ? 'true' : undefined}
            data-testid="workspace-switcher-item"
          >
            <span className={styles.itemName}>{w.name}</span>
            <span className={styles.itemRole}>{w.role ? ROLE_LABELS[w.role] : ''}</span>
          </Link>
        ))}
        <div className={styles.footer}>
          <Link href="/workspaces/select" className={styles.item}>
            <FolderIcon /> All workspaces
          </Link>
          <Link href="/workspaces/new" className={styles.item}>
            <PlusIcon /> New workspace
          </Link>
        </div>
      </div>
    </div>
  );
}
