import { createFileRoute } from '@tanstack/react-router';
import { ActivateAccountPage } from '@/features/auth/components/activate-account-page';

export const Route = createFileRoute('/_public/activate-account/$userId/$verificationCode')({
  component: ActivateAccountPage,
});
