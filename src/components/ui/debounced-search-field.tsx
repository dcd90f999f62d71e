import type { ComponentProps } from 'react';
import { useEffect, useState } from 'react';
import { SearchField } from './search-field';

/** Typing waits this long for a pause before a list is asked again. */
export const searchDelayMs = 300;

interface DebouncedSearchFieldProps extends Omit<
  ComponentProps<typeof SearchField>,
  'value' | 'onChange' | 'defaultValue'
> {
  /** The search the list shows now (usually from the address). */
  value: string;
  /** Called after a pause in typing with the trimmed text. */
  onSearch: (text: string) => void;
}

/**
 * A list screen's search box: it answers each key at once, and tells the list after a pause in typing. When the
 * value changes elsewhere (clear filters, the back button) it shows what the value now says.
 */
export function DebouncedSearchField({ value, onSearch, ...fieldProps }: DebouncedSearchFieldProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = window.setTimeout(() => {
      setSent(wanted);
      onSearch(wanted);
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <SearchField
      {...fieldProps}
      value={text}
      onChange={(event) => setText(event.target.value)}
      spellCheck={false}
      maxLength={100}
    />
  );
}
