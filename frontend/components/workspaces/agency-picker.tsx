'use client';

import { useId, useMemo, useState } from 'react';
import styles from './workspaces.module.css';

export interface AgencyOption {
  id: string;
  name: string;
  shortName: string;
  /** agency or court */
  kind: string;
  documentCount: number;
}

const GROUPS: { kind: string; label: string }[] = [
  { kind: 'agency', label: 'Agencies' },
  { kind: 'court', label: 'Courts' },
];

/** The catalog's sources as checkboxes, agencies then courts, with a filter for long lists. */
export function AgencyPicker({
  options,
  selected,
  onChange,
  invalid,
  describedBy,
}: {
  options: AgencyOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(selected);
  // Values saved earlier that the catalog no longer lists stay visible (and removable).
  const all = useMemo(() => {
    const known = new Set(options.map((o) => o.id));
    const unknown = selected
      .filter((id) => !known.has(id))
      .map((id) => ({ id, name: id, shortName: '', kind: 'other', documentCount: -1 }));
    return [...options, ...unknown];
  }, [options, selected]);
  const needle = filter.trim().toLowerCase();
  const shown = all.filter((o) => !needle || `${o.name} ${o.shortName} ${o.id}`.toLowerCase().includes(needle));
  const groups = [...GROUPS, { kind: 'other', label: 'Other' }]
    .map((g) => ({
      ...g,
      items: shown.filter((o) => (GROUPS.some((k) => k.kind === o.kind) ? o.kind === g.kind : g.kind === 'other')),
    }))
    .filter((g) => g.items.length > 0);

  const toggle = (id: string) => onChange(chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <div
      className={styles.picker}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      data-testid="agency-picker"
    >
      <div className={styles.pickerTools}>
        <label htmlFor={filterId} className="visually-hidden">
          Filter agencies and courts
        </label>
        <input
          id={filterId}
          className="input"
          placeholder="Filter by name…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          data-testid="agency-filter"
        />
        <span className={styles.pickerCount} aria-live="polite">
          {selected.length === 0 ? 'All sources' : `${selected.length} selected`}
        </span>
        {selected.length > 0 ? (
          <button type="button" className="btn btn-sm" onClick={() => onChange([])}>
            Clear
          </button>
        ) : null}
      </div>
      <div className={styles.pickerList} role="group" aria-label="Agencies and courts">
        {groups.length === 0 ? (
          <p className={`muted ${styles.pickerEmpty}`}>
            {options.length === 0 ? 'The catalog has no sources yet.' : 'No source matches this filter.'}
          </p>
        ) : (
          groups.map((group) => (
            <div key={group.kind}>
              <div className={styles.pickerGroup}>{group.label}</div>
              {group.items.map((o) => (
                <label key={o.id} className={styles.option} data-testid="agency-option" data-source-id={o.id}>
                  <input type="checkbox" checked={chosen.has(o.id)} onChange={() => toggle(o.id)} />
                  <span className={styles.optionName} title={o.name}>
                    {o.shortName && o.shortName !== o.name ? <strong>{o.shortName}</strong> : null}
                    {o.shortName && o.shortName !== o.name ? ' · ' : null}
                    {o.name}
                  </span>
                  <span className={styles.optionMeta}>
                    {o.documentCount >= 0
                      ? `${new Intl.NumberFormat('en-US').format(o.documentCount)} filings`
                      : 'not in the catalog'}
                  </span>
                </label>
              ))}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
