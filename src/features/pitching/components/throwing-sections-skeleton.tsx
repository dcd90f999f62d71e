import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The two sections' place while their code loads, at their own loading height (nothing jumps when they come). */
export function ThrowingSectionsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-5">
      {['pitches', 'arm-sensor'].map((section) => (
        <Card key={section} className="space-y-3 px-4 py-4 sm:px-6">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-64 w-full sm:h-72" />
        </Card>
      ))}
    </div>
  );
}
