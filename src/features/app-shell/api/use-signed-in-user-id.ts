import { useQuery } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';

/** The signed-in user's id from the session the /app guard loaded; read without fetching again. */
export function useSignedInUserId(): string | undefined {
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false });
  return me?.user.id;
}
