import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { validateLoginSearch } from '@/features/auth/login-search';

export const Route = createFileRoute('/_public/login')({
  validateSearch: validateLoginSearch,
  component: LoginPage,
});
