import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { textLinkClass } from '@/components/ui/text-link-class';
import { brandingFrom, settingsQueries } from '@/lib/settings/settings-queries';

export function TermsOfServicePage() {
  const { data: settings } = useSuspenseQuery(settingsQueries.public());
  const { organizationName } = brandingFrom(settings);
  const supportEmail = settings?.supportEmail ?? null;

  return (
    <PublicCard wide>
      <article className="space-y-5 text-sm leading-6 text-foreground">
        <header>
          <h1 className="text-2xl font-bold tracking-tight">Terms of service</h1>
          <p className="mt-1 text-muted-foreground">
            These terms apply when you use {organizationName} on Connect Platform.
          </p>
        </header>

        <section>
          <h2 className="text-base font-semibold">Your account</h2>
          <p>
            Your organisation creates or approves your account. Keep your password to yourself and sign out on
            shared devices. You are responsible for what is done with your account.
          </p>
        </section>

        <section>
          <h2 className="text-base font-semibold">Training is your responsibility</h2>
          <p>
            Workouts, schedules and reports are planning tools, not medical advice. Warm up, listen to your
            body and stop if something hurts. Check with a doctor or physiotherapist before you start a new
            program or return from injury.
          </p>
        </section>

        <section>
          <h2 className="text-base font-semibold">Your information</h2>
          <p>
            What you enter, such as workout logs, questionnaire answers and messages, is visible to the staff
            of your organisation and used to run your training. It is not shared with other organisations or
            sold. Your organisation can export or delete it on request.
          </p>
        </section>

        <section>
          <h2 className="text-base font-semibold">Fair use</h2>
          <p>
            Use the app only for your organisation&apos;s training. Do not upload content you have no right to
            share, harass other members, or try to reach data that is not yours.
          </p>
        </section>

        <section>
          <h2 className="text-base font-semibold">Changes and availability</h2>
          <p>
            We improve the service over time and may update these terms; continuing to use it means you accept
            the current version. We aim to keep it available, including offline logging, but cannot promise it
            will never be interrupted.
          </p>
        </section>

        <section>
          <h2 className="text-base font-semibold">Questions</h2>
          <p>
            {supportEmail ? (
              <>
                Write to{' '}
                <a href={`mailto:${supportEmail}`} className={textLinkClass}>
                  {supportEmail}
                </a>
                .
              </>
            ) : (
              <>Ask your coach or your organisation&apos;s administrator.</>
            )}
          </p>
        </section>

        <p>
          <Link to="/login" className={textLinkClass}>
            Back to sign in
          </Link>
        </p>
      </article>
    </PublicCard>
  );
}
