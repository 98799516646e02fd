import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  NO_REPORT_FOCUS,
  readReportFocus,
  writeReportFocus,
  type ReportFocus,
} from '@partner-portal/shared/report-data';

/**
 * What the dashboard's workbook is narrowed to, kept in the page's address
 * (`?advertiser=…&from=…&to=…`): a link to it opens the same view, and Back returns to the one
 * before.
 */
export function useDashboardFocus() {
  const [params, setParams] = useSearchParams();
  const focus = useMemo(() => readReportFocus(params), [params]);
  const open = useCallback(
    (next: ReportFocus) =>
      setParams((current) => writeReportFocus(new URLSearchParams(current), next)),
    [setParams],
  );
  const clear = useCallback(() => open(NO_REPORT_FOCUS), [open]);
  return { focus, open, clear };
}
