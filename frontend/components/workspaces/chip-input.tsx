'use client';

import { useState, type KeyboardEvent } from 'react';
import styles from './workspaces.module.css';

/**
 * Free-text values as removable chips: Enter (or a comma, or leaving the field) adds what was
 * typed, Backspace in an empty field removes the last one; pasted lists split on commas, semicolons
 * and new lines.
 */
export function ChipInput({
  id,
  values,
  onChange,
  placeholder,
  invalid,
  describedBy,
  testId,
  maxValues = 50,
}: {
  id: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder: string;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  maxValues?: number;
}) {
  const [text, setText] = useState('');

  function add(raw: string) {
    const next = [...values];
    for (const part of raw.split(/[,;\n]/)) {
      const value = part.trim().replace(/\s+/g, ' ');
      if (value && !next.some((v) => v.toLowerCase() === value.toLowerCase()) && next.length < maxValues)
        next.push(value);
    }
    if (next.length !== values.length) onChange(next);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault(); // Enter would submit the form
      add(text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  }

  return (
    <div
      className={styles.chipInput}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      onClick={() => document.getElementById(id)?.focus()}
    >
      {values.map((value) => (
        <span key={value} className={styles.chip} data-testid={testId ? `${testId}-chip` : undefined}>
          {value}
          <button
            type="button"
            className={styles.chipRemove}
            aria-label={`Remove ${value}`}
            onClick={() => onChange(values.filter((v) => v !== value))}
          >
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        value={text}
        placeholder={values.length === 0 ? placeholder : ''}
        aria-describedby={describedBy}
        onChange={(e) => {
          const value = e.target.value;
          if (/[;\n]/.test(value)) add(value);
          else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          if (/[,;\n]/.test(pasted)) {
            e.preventDefault();
            add(text + pasted);
          }
        }}
      />
    </div>
  );
}
