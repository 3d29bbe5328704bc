'use client';

import { CheckIcon } from '../icons';
import styles from './workspaces.module.css';

export interface FilingTypeOption {
  name: string;
  /** Filings of this type in the catalog; null when unknown. */
  count: number | null;
}

/** Filing types as toggles; chosen types no longer offered stay visible (and removable). */
export function FilingTypeToggles({
  options,
  chosen,
  onChange,
}: {
  options: FilingTypeOption[];
  chosen: string[];
  onChange: (types: string[]) => void;
}) {
  const on = new Set(chosen);
  const all: FilingTypeOption[] = [
    ...options,
    ...chosen.filter((t) => !options.some((o) => o.name === t)).map((t) => ({ name: t, count: null })),
  ];
  return (
    <div className={styles.toggleGroup} data-testid="filing-type-options">
      {all.map((t) => {
        const isOn = on.has(t.name);
        return (
          <label
            key={t.name}
            className={isOn ? `${styles.toggle} ${styles.toggleOn}` : styles.toggle}
            data-testid="filing-type-option"
            data-value={t.name}
          >
            <input
              type="checkbox"
              checked={isOn}
              onChange={() => onChange(isOn ? chosen.filter((x) => x !== t.name) : [...chosen, t.name])}
            />
            {isOn ? <CheckIcon size={13} /> : null}
            {t.name}
            {t.count !== null ? (
              <span className={styles.toggleCount}>{new Intl.NumberFormat('en-US').format(t.count)}</span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}
