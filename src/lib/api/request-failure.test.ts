import { ApiRequestError } from './api-request-error';
import {
  networkErrorMessage,
  requestFailureMessage,
  requestFailureSummary,
  showFieldErrors,
  typedKeptOnDevice,
} from './request-failure';

const refusal = (fields?: Record<string, string>) =>
  new ApiRequestError({ status: 400, code: 'VALIDATION_FAILED', message: 'Check the form.', fields });

describe('the words for a failed request', () => {
  it("gives the server's message, or the network error with what the screen keeps", () => {
    expect(requestFailureMessage(refusal())).toBe('Check the form.');
    expect(requestFailureMessage(new TypeError('Failed to fetch'))).toBe(networkErrorMessage);
    expect(requestFailureMessage(new TypeError('Failed to fetch'), typedKeptOnDevice)).toBe(
      'Network error. Please check your connection. What you typed is kept on this device.',
    );
  });

  it('sums a refusal up in one line, each problem once', () => {
    expect(requestFailureSummary(refusal({ name: 'Check the form.', date: 'Pick a day' }))).toBe(
      'Check the form. Pick a day',
    );
    expect(requestFailureSummary(new Error('offline'))).toBe(networkErrorMessage);
  });
});

describe("putting a server's field errors onto a form", () => {
  it('marks each field and says nothing above the form when every problem has a field', () => {
    const marked: Record<string, string> = {};
    const above = showFieldErrors(refusal({ 'sets.0.reps': 'Too many', name: 'Taken' }), {
      setError: (field, { message }) => (marked[field] = message),
      fieldOf: (path) => path.split('.')[0] ?? null,
    });
    expect(marked).toEqual({ sets: 'Too many', name: 'Taken' });
    expect(above).toBeNull();
  });

  it('says above the form a problem of no field, a refusal naming none, and a network failure', () => {
    const setError = vi.fn();
    expect(showFieldErrors(refusal({ body: 'Unreadable' }), { setError, fieldOf: () => null })).toBe(
      'Unreadable',
    );
    expect(showFieldErrors(refusal(), { setError, fieldOf: () => 'name' })).toBe('Check the form.');
    expect(
      showFieldErrors(new TypeError('Failed to fetch'), {
        setError,
        fieldOf: () => 'name',
        keptMeanwhile: typedKeptOnDevice,
      }),
    ).toBe(`${networkErrorMessage} ${typedKeptOnDevice}`);
    expect(setError).not.toHaveBeenCalled();
  });
});
