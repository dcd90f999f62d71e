import { Link } from '@tanstack/react-router';
import { ListPager } from '@/components/ui/list-pager';

interface UsersPagerProps {
  /** From 0, as the API counts. */
  page: number;
  size: number;
  shown: number;
  total: number;
}

/** The users list's pages: `?page=2` in the address. */
export function UsersPager(props: UsersPagerProps) {
  return (
    <ListPager
      {...props}
      renderStep={({ page, label, className, children }) => (
        <Link
          from="/app/users"
          search={(previous) => ({ ...previous, page })}
          aria-label={label}
          className={className}
        >
          {children}
        </Link>
      )}
    />
  );
}
