import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export const Route = createFileRoute('/_public/reset-password/$userId/$resetToken')({
  component: ResetPasswordPage,
});
