import { useRef } from 'react';
import { firstInvalid } from './field-errors';

/** The inputs of a form's fields, to focus the first one (in `order`) that has an error. */
export function useFieldFocus<Field extends string>(order: readonly Field[]) {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  return {
    /** The `ref` of a field's input. */
    refFor: (field: Field) => (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    focusFirstInvalid: (errors: Partial<Record<Field, string | undefined>>) => {
      const first = firstInvalid(order, errors);
      if (first) inputs.current[first]?.focus();
    },
  };
}
