import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLocalWorkbook } from '@partner-portal/shared/local-workbooks';
import {
  activeFilters,
  readReportFocus,
  type EmbedSessionResponse,
  type ReportFocus,
  type ReportRange,
} from '@partner-portal/shared/report-data';
import { toLocale, type Locale } from '@partner-portal/shared/constants';
import { Banner } from '@/components/ui/banner';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { segmentLabel } from '@/lib/segment-label';
import { EmbedApi, openEmbedSession } from './embed-api';
import { presetRange } from './date-range';
import { NoReportData } from './empty-state';
import { createFirstLoads, FirstLoadsContext } from './first-loads';
import { followPageHeight, postToHost } from './parent-events';
import { RangeFilter } from './range-filter';
import { WorkbookView } from './workbook-view';

export interface EmbedLocation {
  workbookId: string;
  token: string | null;
  dark: boolean;
  locale: Locale;
  /** Filters and the opening range ("open in dashboard"); the server bounds them by the scope. */
  focus: ReportFocus;
}

/** Reads `/embed/workbook/{id}?token=&theme=&lng=[&advertiser=…&from=&to=]` as the host minted it. */
export function readEmbedLocation(location: Location): EmbedLocation {
  const params = new URLSearchParams(location.search);
  return {
    workbookId: decodeURIComponent(location.pathname.split('/').pop() ?? ''),
    token: params.get('token'),
    dark: params.get('theme') === 'dark',
    locale: toLocale(params.get('lng')),
    focus: readReportFocus(params),
  };
}

type State =
  { kind: 'opening' } | { kind: 'open'; session: EmbedSessionResponse } | { kind: 'expired' };

/**
 * The built-in provider's workbook page, inside the host's iframe: trades the single-use URL
 * token for a data session, then renders the workbook, posting Sigma's events to the host.
 */
export function EmbedApp({ where }: { where: EmbedLocation }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: 'opening' });
  const [range, setRange] = useState<ReportRange>(() => where.focus.range ?? presetRange('30d'));
  const [failure, setFailure] = useState<string | null>(null);
  const opened = useRef(false);
  const workbook = findLocalWorkbook(where.workbookId);

  useEffect(() => followPageHeight(), []);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const expire = (message: string) => {
      setState({ kind: 'expired' });
      postToHost({ type: 'workbook:error', code: 'EINVAL', message });
    };
    if (!where.token || !workbook) {
      expire('missing or unknown workbook token');
      return;
    }
    openEmbedSession(where.workbookId, where.token).then(
      ({ data }) => setState({ kind: 'open', session: data }),
      (error: unknown) => expire(error instanceof Error ? error.message : 'session refused'),
    );
  }, [where, workbook]);

  // Loaded once every section it opens with has drawn its first data (first-loads.ts).
  const firstLoads = useMemo(
    () => createFirstLoads(() => postToHost({ type: 'workbook:loaded' })),
    [],
  );
  // The sections' effects have run by now, in the commit that drew them: each began its load.
  useEffect(() => {
    if (state.kind === 'open') firstLoads.seal();
  }, [state.kind, firstLoads]);

  const session = state.kind === 'open' ? state.session : null;
  const api = useMemo(
    () => (session ? new EmbedApi(session.session, where.focus.filters) : null),
    [session, where.focus.filters],
  );
  const filtered = activeFilters(where.focus.filters).length > 0;
  const onError = useCallback((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError && error.status === 401) {
      setState({ kind: 'expired' });
      postToHost({ type: 'workbook:error', code: 'EINVAL', message });
      return;
    }
    setFailure(message);
    postToHost({ type: 'workbook:error', code: 'EDATA', message });
  }, []);

  if (state.kind === 'opening') {
    return (
      <div className="grid min-h-40 place-items-center" aria-live="polite">
        <Spinner className="size-6" />
        <span className="sr-only">{t('embed.loading')}</span>
      </div>
    );
  }
  if (state.kind === 'expired' || !api || !session || !workbook) {
    return (
      <div className="p-4">
        <Banner variant="error" title={t('embed.expired.title')}>
          {t('embed.expired.body')}
        </Banner>
      </div>
    );
  }
  const hasData = session.data_range !== null;
  // The host page has the <main> landmark and the <h1>: inside its frame this is a section.
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-4 p-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {t(`embed.workbooks.${workbook.workbookId}`, { defaultValue: workbook.name })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {session.advertiser_name
              ? t('embed.scope.advertiser', {
                  partner: session.partner_name,
                  advertiser: session.advertiser_name,
                })
              : t('embed.scope.partner', { partner: session.partner_name })}
          </p>
          {filtered ? (
            <p className="text-sm">
              {t('embed.filtered')}{' '}
              <strong className="font-semibold">{segmentLabel(where.focus.filters, t)}</strong>
            </p>
          ) : null}
        </div>
        {hasData ? <RangeFilter range={range} locale={where.locale} onChange={setRange} /> : null}
      </header>
      {failure ? (
        <Banner variant="error" title={t('embed.failed')}>
          {failure}
        </Banner>
      ) : null}
      {hasData ? (
        <FirstLoadsContext.Provider value={firstLoads}>
          <WorkbookView
            sections={workbook.sections}
            api={api}
            range={range}
            locale={where.locale}
            dark={where.dark}
            onError={onError}
          />
        </FirstLoadsContext.Provider>
      ) : (
        <NoReportData workbookId={workbook.workbookId} canImport={session.can_import} />
      )}
    </section>
  );
}
