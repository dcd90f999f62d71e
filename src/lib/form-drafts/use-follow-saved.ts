import { useState } from 'react';

/**
 * A form nobody has touched shows what is saved, also when a newer read replaces it (the server's copy after
 * the device's, on a reload); a form with changes keeps them. `setValues` sets the form's state only.
 */
export function useFollowSaved<Values>(
  saved: Values,
  values: Values,
  setValues: (next: Values) => void,
): void {
  const savedKey = JSON.stringify(saved);
  const [baselineKey, setBaselineKey] = useState(savedKey);
  if (savedKey !== baselineKey) {
    setBaselineKey(savedKey);
    if (JSON.stringify(values) === baselineKey) setValues(saved);
  }
}
