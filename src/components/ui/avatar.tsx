interface AvatarProps {
  firstName: string;
  lastName: string;
  className?: string;
}

/** Initials in a brand-tinted circle; decorative, the name is always written next to it. */
export function Avatar({ firstName, lastName, className = 'size-9 text-sm' }: AvatarProps) {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-ink ring-1 ring-primary/15 ${className}`}
    >
      {initials}
    </span>
  );
}
