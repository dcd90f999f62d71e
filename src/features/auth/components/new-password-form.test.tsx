import { errorCodes } from '@contract/error-codes';
import { defaultPasswordPolicy } from '@contract/organizations';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ApiRequestError } from '@/lib/api/api-request-error';
import { NewPasswordForm, type NewPasswordFormProps } from './new-password-form';

const baseProps: NewPasswordFormProps = {
  policy: { ...defaultPasswordPolicy, minLength: 8 },
  passwordLabel: 'Pick a password',
  confirmationLabel: 'Pick it again',
  emptyPasswordMessage: 'A password is needed',
  mismatchMessage: 'They differ',
  submitLabel: 'Keep it',
  pendingLabel: 'Keeping…',
  isPending: false,
  error: null,
  onSubmit: () => undefined,
};

function renderForm(props: Partial<NewPasswordFormProps> = {}) {
  const onSubmit = vi.fn<NewPasswordFormProps['onSubmit']>();
  const user = userEvent.setup();
  const view = render(<NewPasswordForm {...baseProps} onSubmit={onSubmit} {...props} />);
  return { ...view, user, onSubmit };
}

describe('NewPasswordForm', () => {
  it('says an empty password is missing, at the focused password field, and sends nothing', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    const password = screen.getByLabelText('Pick a password');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('A password is needed');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the unmet rule of the policy, and a confirmation that differs', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Pick a password'), 'short');
    await user.type(screen.getByLabelText('Pick it again'), 'other');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByLabelText('Pick a password')).toHaveAccessibleDescription(
      'The password needs at least 8 characters.',
    );
    expect(screen.getByLabelText('Pick it again')).toHaveAccessibleDescription('They differ');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the confirmation when only it is wrong, and clears its error on typing', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Pick a password'), 'long enough');
    await user.type(screen.getByLabelText('Pick it again'), 'long enougH');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    const confirmation = screen.getByLabelText('Pick it again');
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveAccessibleDescription('They differ');
    await user.type(confirmation, '{Backspace}h');
    expect(confirmation).not.toHaveAccessibleDescription('They differ');
  });

  it('sends a good password, and shows a refusal of it at the focused password field', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Pick a password'), 'long enough');
    await user.type(screen.getByLabelText('Pick it again'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const [password, onError] = onSubmit.mock.calls[0]!;
    expect(password).toBe('long enough');

    act(() =>
      onError(
        new ApiRequestError({
          status: 400,
          code: errorCodes.validation,
          message: 'Invalid request',
          fields: { password: 'That one was used before.' },
        }),
      ),
    );
    const field = screen.getByLabelText('Pick a password');
    expect(field).toHaveAccessibleDescription('That one was used before.');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure above the fields, and none when there is no error', () => {
    const { rerender } = renderForm({
      error: new ApiRequestError({ status: 500, code: 'INTERNAL_ERROR', message: 'The server is down.' }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down.');
    rerender(<NewPasswordForm {...baseProps} error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows both fields in clear text with one toggle', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Pick a password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Pick it again')).toHaveAttribute('type', 'text');
  });

  it('gives password managers the account as username, when it is known', () => {
    const { container } = renderForm({ username: 'athlete@demo.test' });
    expect(container.querySelector('input[name="username"]')).toHaveValue('athlete@demo.test');
  });
});
