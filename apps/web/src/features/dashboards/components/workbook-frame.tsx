import { toLocale } from '@partner-portal/shared/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NO_REPORT_FOCUS, type ReportFocus } from '@partner-portal/shared/report-data';
import {
  EmbedResponseSchema,
  type EmbedResponse,
  type Workbook,
} from '@partner-portal/shared/workbooks';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { useDarkMode } from '@/lib/theme';
import { cn } from '@/lib/cn';
import { readWorkbookMessage } from '../api/workbook-messages';
import { FocusBar, isFocused } from './focus-bar';

/** Re-mint this long before the URL's token expires, so the frame never shows "expired". */
const REMINT_MARGIN_MS = 60_000;
/** A workbook frame's height until the workbook reports its own (also in the embed markup). */
export const INITIAL_HEIGHT = 720;

type FrameState = 'minting' | 'loading' | 'loaded' | 'failed';

/**
 * When what sits below a frame may come: its height unchanged this long after the workbook has
 * loaded, or this long after loading when it reports none. Sooner, the frame growing to its
 * sections would push it down (a layout shift while the page loads).
 */
const SETTLE_QUIET_MS = 1_000;
const SETTLE_FALLBACK_MS = 4_000;

/**
 * A workbook in a responsive iframe (issue 5 "Screens"): a fresh URL per load in the current
 * theme and language, a skeleton until `workbook:loaded`, the height the workbook reports, an
 * error state with retry, and a new URL shortly before the old one expires. With a `focus` (an
 * insight opened in the dashboard) the URL opens on those filters, and a bar above says so.
 */
export function WorkbookFrame({
  workbook,
  focus = NO_REPORT_FOCUS,
  onClearFocus,
  onSettled,
}: {
  workbook: Workbook;
  focus?: ReportFocus;
  onClearFocus?: () => void;
  /** Once the frame's height has stopped moving after loading (or it failed): what sits below may come. */
  onSettled?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { dark } = useDarkMode();
  const frame = useRef<HTMLIFrameElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [embed, setEmbed] = useState<{
    url: string;
    expiresAt: number;
    applied: EmbedResponse['applied'];
  } | null>(null);
  const [state, setState] = useState<FrameState>('minting');
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [settled, setSettled] = useState(false);
  const settling = useRef<{ loaded: boolean; timer?: ReturnType<typeof setTimeout> }>({
    loaded: false,
  });
  const locale = toLocale(i18n.language);
  // The page hands a new object each render: the URL changes only when what it holds does.
  const focusKey = JSON.stringify(focus);
  const requested = useMemo(() => JSON.parse(focusKey) as ReportFocus, [focusKey]);

  const mint = useCallback(() => {
    setState((current) => (current === 'loaded' ? current : 'minting'));
    api
      .post(
        '/api/sigma/workbook/embed',
        {
          workbook_id: workbook.workbookId,
          theme: dark ? 'dark' : 'light',
          locale,
          ...(isFocused(requested) ? { filters: requested.filters } : {}),
          ...(requested.range ? { range: requested.range } : {}),
        },
        { schema: EmbedResponseSchema },
      )
      .then(
        ({ data }) => {
          setEmbed({
            url: data.url,
            expiresAt: Date.parse(data.expires_at),
            applied: data.applied,
          });
          setState((current) => (current === 'loaded' ? current : 'loading'));
        },
        (error: unknown) => {
          handleApiError(error);
          setState('failed');
        },
      );
  }, [workbook.workbookId, dark, locale, requested]);

  // A focus changed on this page (not the one it was opened with) takes the reader to the bar
  // once the workbook's new URL says what it shows.
  const previousFocus = useRef(focusKey);
  const moveToBar = useRef(false);
  useEffect(() => {
    if (previousFocus.current === focusKey) return;
    previousFocus.current = focusKey;
    moveToBar.current = isFocused(requested);
  }, [focusKey, requested]);
  useEffect(() => {
    if (!embed || !moveToBar.current || !bar.current) return;
    moveToBar.current = false;
    bar.current.focus();
  }, [embed]);

  useEffect(() => {
    setState('minting');
    mint();
  }, [mint]);

  // Sigma refuses an expired token: load a fresh URL shortly before it runs out.
  useEffect(() => {
    if (!embed) return;
    const wait = Math.max(5_000, embed.expiresAt - Date.now() - REMINT_MARGIN_MS);
    const timer = window.setTimeout(mint, wait);
    return () => window.clearTimeout(timer);
  }, [embed, mint]);

  useEffect(() => {
    if (!embed) return;
    const origin = new URL(embed.url, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const message = readWorkbookMessage(event, frame.current, origin);
      if (!message) return;
      const settle = (ms: number) => {
        clearTimeout(settling.current.timer);
        settling.current.timer = setTimeout(() => setSettled(true), ms);
      };
      if (message.type === 'workbook:loaded') {
        setState('loaded');
        settling.current.loaded = true;
        // A workbook that never reports a height after loading still settles.
        settle(SETTLE_FALLBACK_MS);
      }
      if (message.type === 'workbook:error') {
        setState('failed');
        setSettled(true);
      }
      if (message.type === 'workbook:pageheight:onchange') {
        setHeight(Math.ceil(message.pageHeight));
        // Sections draw after the workbook says it loaded: settled once its height stops moving.
        if (settling.current.loaded) settle(SETTLE_QUIET_MS);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [embed]);

  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  useEffect(() => () => clearTimeout(settling.current.timer), []);

  const title = t(`embed.workbooks.${workbook.workbookId}`, { defaultValue: workbook.name });
  return (
    <div className="grid gap-3">
      {embed && isFocused(embed.applied) && onClearFocus ? (
        <FocusBar ref={bar} applied={embed.applied} onClear={onClearFocus} />
      ) : null}
      {state === 'failed' ? (
        <Banner
          variant="error"
          title={t('dashboards.failed.title')}
          action={
            <Button variant="outline" size="sm" onClick={mint}>
              <RefreshCw aria-hidden />
              {t('dashboards.failed.retry')}
            </Button>
          }
        >
          {t('dashboards.failed.body')}
        </Banner>
      ) : null}
      {/* The frame's room is held from the first paint, so its arrival moves nothing below. */}
      <div className="relative" style={state === 'failed' ? undefined : { minHeight: height }}>
        {state !== 'loaded' && state !== 'failed' ? (
          <div
            role="status"
            aria-label={t('dashboards.loading')}
            className="absolute inset-0 grid animate-pulse content-start gap-4 rounded-lg border bg-card p-4"
          >
            <div className="h-6 w-1/3 rounded bg-muted" />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {Array.from({ length: 5 }, (_, index) => (
                <div key={index} className="h-20 rounded bg-muted" />
              ))}
            </div>
            <div className="h-64 rounded bg-muted" />
          </div>
        ) : null}
        {embed && state !== 'failed' ? (
          <iframe
            ref={frame}
            key={embed.url}
            src={embed.url}
            title={title}
            style={{ height }}
            className={cn(
              'w-full rounded-lg border-0 bg-background transition-opacity',
              state === 'loaded' ? 'opacity-100' : 'opacity-0',
            )}
            allow="fullscreen"
          />
        ) : null}
      </div>
    </div>
  );
}
