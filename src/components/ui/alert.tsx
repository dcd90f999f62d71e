import type { ReactNode } from 'react';

type AlertTone = 'error' | 'warning' | 'info';

const toneClasses: Record<AlertTone, string> = {
  error: 'border-danger/30 bg-danger/10 text-danger',
  warning: 'border-warning/40 bg-warning/10 text-warning-foreground',
  info: 'border-primary/30 bg-primary/10 text-foreground',
};

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  /** `alert` interrupts screen readers (errors); `status` waits its turn (notices). */
  role?: 'alert' | 'status';
  className?: string;
}

export function Alert({ tone = 'error', title, children, role = 'alert', className = '' }: AlertProps) {
  return (
    <div role={role} className={`rounded-lg border px-3 py-2.5 text-sm ${toneClasses[tone]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
