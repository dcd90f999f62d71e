import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { loginSearchSchema } from '@/features/auth/login-search';

export const Route = createFileRoute('/_public/login')({
  validateSearch: loginSearchSchema,
  component: LoginPage,
});
