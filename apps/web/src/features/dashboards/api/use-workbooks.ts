import { useCallback, useEffect, useState } from 'react';
import { WorkbookListSchema, type Workbook } from '@partner-portal/shared/workbooks';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';

export type WorkbooksState =
  | { status: 'loading' }
  | { status: 'ready'; workbooks: Workbook[] }
  | { status: 'failed'; retry: () => void };

/** GET /api/sigma/workbook: what the signed-in user may open, core first. */
export function useWorkbooks(): WorkbooksState {
  const [state, setState] = useState<WorkbooksState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    api.get('/api/sigma/workbook', { schema: WorkbookListSchema }).then(
      ({ data }) => setState({ status: 'ready', workbooks: data }),
      (error: unknown) => {
        handleApiError(error);
        setState({ status: 'failed', retry: load });
      },
    );
  }, []);
  useEffect(load, [load]);
  return state;
}
