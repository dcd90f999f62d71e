import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '@/features/auth/components/signup-page';
import { validateSignupSearch } from '@/features/auth/signup-search';

export const Route = createFileRoute('/_public/signup')({
  validateSearch: validateSignupSearch,
  component: SignupPage,
});
