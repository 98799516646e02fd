import { useQuery } from '@tanstack/react-query';
import { WorkbookListSchema, type Workbook } from '@partner-portal/shared/workbooks';
import { api } from '@/lib/api-client';

export type WorkbooksState =
  | { status: 'loading' }
  | { status: 'ready'; workbooks: Workbook[] }
  | { status: 'failed'; retry: () => void };

/** GET /api/sigma/workbook: what the signed-in user may open, core first. */
async function fetchWorkbooks(): Promise<Workbook[]> {
  return (await api.get('/api/sigma/workbook', { schema: WorkbookListSchema })).data;
}

const workbooksQueryOptions = () => ({
  queryKey: ['sigma', 'workbooks'] as const,
  queryFn: fetchWorkbooks,
  // A failure shows the retry button at once, as it always has: no silent retries first.
  retry: false,
});

/**
 * The workbook list as the dashboards read it. A failed load goes to the central handler (query
 * cache) and offers a retry, which shows the spinner again while it runs.
 */
export function useWorkbooks(): WorkbooksState {
  const { data, isError, refetch } = useQuery(workbooksQueryOptions());
  if (data) return { status: 'ready', workbooks: data };
  if (isError) return { status: 'failed', retry: () => void refetch() };
  return { status: 'loading' };
}
