'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import {
  ActivityIcon,
  BellIcon,
  BookIcon,
  DatabaseIcon,
  DownloadIcon,
  FolderIcon,
  LoaderIcon,
  PlusIcon,
  SearchIcon,
  ShieldIcon,
  UserIcon,
} from '../icons';
import { isActive, NAV_SECTIONS, type NavIcon } from './nav-items';
import styles from './shell.module.css';

const ICONS: Record<NavIcon, (p: { size?: number }) => React.ReactElement> = {
  search: SearchIcon,
  book: BookIcon,
  activity: ActivityIcon,
  database: DatabaseIcon,
  folder: FolderIcon,
  plus: PlusIcon,
  bell: BellIcon,
  loader: LoaderIcon,
  shield: ShieldIcon,
  user: UserIcon,
  download: DownloadIcon,
};

export function SideNav({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  return (
    <nav className={styles.sidebar} aria-label="Main">
      {NAV_SECTIONS.map((section) => {
        const items = section.items.filter((item) => !item.adminOnly || isAdmin);
        if (items.length === 0) return null;
        const headingId = `nav-${section.heading.toLowerCase()}`;
        return (
          <div key={section.heading} className={styles.navSection}>
            <h2 id={headingId} className={styles.navHeading}>
              {section.heading}
            </h2>
            <ul className={styles.navList} aria-labelledby={headingId}>
              {items.map((item) => {
                const Glyph = ICONS[item.icon];
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className={styles.navLink}
                      aria-current={isActive(pathname, item) ? 'page' : undefined}
                      data-testid={`nav-${item.href.slice(1).replace(/\//g, '-')}`}
                    >
                      <Glyph />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
