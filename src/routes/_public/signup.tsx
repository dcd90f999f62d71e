import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '@/features/auth/components/placeholder-pages';

export const Route = createFileRoute('/_public/signup')({
  component: SignupPage,
});
