import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A settings screen before its data: a spinner while the first load runs, and an error banner
 * with a retry when it failed and nothing is shown yet. `children` renders once data is there
 * (kept on screen while a later refetch fails).
 */
export function QueryGate<T>({
  query,
  texts,
  children,
}: {
  query: UseQueryResult<T>;
  texts: { loading: string; failed: string; retry: string };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <Banner
        variant="error"
        title={texts.failed}
        action={
          <Button
            variant="outline"
            size="sm"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {texts.retry}
          </Button>
        }
      >
        {query.error.message}
      </Banner>
    );
  }
  return (
    <div className="grid place-items-center py-10">
      <Spinner className="size-6" label={texts.loading} />
    </div>
  );
}
