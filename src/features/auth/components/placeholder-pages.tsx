import { Link } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { textLinkClass } from '@/components/ui/text-link-class';

/** A screen of spec 2 whose form comes with the accounts issue; until then it says so and leads back. */
function AccountScreenPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      <p className="mt-6 text-sm">
        <Link to="/login" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </PublicCard>
  );
}

export function ActivateAccountPage() {
  return (
    <AccountScreenPlaceholder
      title="Activate your account"
      description="Account activation from this link is coming soon. Your coach or administrator can activate your account for you."
    />
  );
}

export function RegistrationPage() {
  return (
    <AccountScreenPlaceholder
      title="Register"
      description="Registration is coming soon. Ask your organisation's administrator to create your account."
    />
  );
}

export function SignupPage() {
  return (
    <AccountScreenPlaceholder
      title="Athlete sign-up"
      description="Athlete sign-up is coming soon. Ask your coach to add you to the team in the meantime."
    />
  );
}
