import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/features/auth/components/placeholder-pages';

export const Route = createFileRoute('/_public/registration')({
  component: RegistrationPage,
});
