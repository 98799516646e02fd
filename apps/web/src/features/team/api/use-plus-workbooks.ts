import { useQuery } from '@tanstack/react-query';
import { WorkbookListSchema, type Workbook } from '@partner-portal/shared/workbooks';
import { api } from '@/lib/api-client';

/** GET /api/sigma/workbook, kept to the Plus workbooks a member may be given (docs/product.md#states-and-transitions). */
async function fetchPlusWorkbooks(): Promise<Workbook[]> {
  const { data } = await api.get('/api/sigma/workbook', { schema: WorkbookListSchema });
  return data.filter((workbook) => workbook.kind === 'plus');
}

const plusWorkbooksQueryOptions = () => ({
  queryKey: ['sigma', 'workbooks', 'plus'] as const,
  queryFn: fetchPlusWorkbooks,
});

/** Loaded while a member dialog is open; a failure is toasted centrally and leaves no options. */
export function usePlusWorkbooks() {
  return useQuery(plusWorkbooksQueryOptions());
}
