import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { useFollowSaved } from './use-follow-saved';

function useForm(saved: { name: string }) {
  const [values, setValues] = useState(saved);
  useFollowSaved(saved, values, setValues);
  return { values, setValues };
}

describe('useFollowSaved', () => {
  it('shows a newer saved copy while the form is untouched', () => {
    const { result, rerender } = renderHook(({ saved }) => useForm(saved), {
      initialProps: { saved: { name: 'Pitchers' } },
    });
    rerender({ saved: { name: 'Pitching Staff' } });
    expect(result.current.values).toEqual({ name: 'Pitching Staff' });
  });

  it('keeps what was typed when the saved copy changes underneath', () => {
    const { result, rerender } = renderHook(({ saved }) => useForm(saved), {
      initialProps: { saved: { name: 'Pitchers' } },
    });
    act(() => result.current.setValues({ name: 'Arms' }));
    rerender({ saved: { name: 'Pitching Staff' } });
    expect(result.current.values).toEqual({ name: 'Arms' });
  });
});
