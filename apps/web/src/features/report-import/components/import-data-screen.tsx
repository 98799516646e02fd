import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download } from 'lucide-react';
import {
  REPORT_COLUMNS,
  type ImportJob,
  type ImportProblem,
} from '@partner-portal/shared/report-import';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import {
  cancelReportImport,
  sendReportFile,
  startReportImport,
  useRefreshReportImports,
  useReportImportProgress,
} from '../api/report-imports';
import { readCsvPreview, type CsvPreview } from '../csv-preview-data';
import { downloadReportTemplate } from '../csv-template';
import { CsvFilePicker } from './csv-file-picker';
import { CsvPreviewTable } from './csv-preview-table';
import { ImportHistory } from './import-history';
import { ImportProblems } from './import-problems';
import { ImportProgress } from './import-progress';

type Outcome =
  | { kind: 'imported'; message: string }
  | { kind: 'refused'; message: string; problems: ImportProblem[]; total: number }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled'; message: string };

function fileSize(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024
    ? `${format.format(bytes / 1024)} KB`
    : `${format.format(bytes / (1024 * 1024))} MB`;
}

/**
 * The Import data screen (docs/analytics.md "Importing report data"): choose a CSV, see its first
 * rows, send it with a progress bar (bytes sent, then rows checked and written, with the time
 * left), cancel it, and read either the rows loaded or every line to fix.
 * `dashboardPath`: where the loaded rows show, linked once a file is in.
 */
export function ImportDataScreen({ dashboardPath }: { dashboardPath: string }) {
  const { t, i18n } = useTranslation();
  const refreshHistory = useRefreshReportImports();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const followed = useReportImportProgress(job, uploading);

  const choose = async (chosen: File) => {
    setOutcome(null);
    setFile(chosen);
    setPreview(null);
    setPreview(await readCsvPreview(chosen));
  };

  const reset = () => {
    setFile(null);
    setPreview(null);
  };

  const send = async () => {
    if (!file) return;
    const controller = new AbortController();
    upload.current = controller;
    setOutcome(null);
    setProgress(0);
    let started: ImportJob | null = null;
    try {
      started = await startReportImport(file);
      setJob(started);
      const { message } = await sendReportFile(started, file, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      setOutcome({ kind: 'imported', message: message ?? t('imports.done') });
      reset();
      await refreshHistory();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        // The server stops when the connection closes; saying so stops it on every instance.
        if (started) await cancelReportImport(started).catch(() => undefined);
        setOutcome({ kind: 'cancelled', message: t('imports.upload.cancelled') });
        return;
      }
      if (error instanceof ApiError && error.problems) {
        setOutcome({
          kind: 'refused',
          message: error.message,
          problems: error.problems,
          total: error.problemCount ?? error.problems.length,
        });
      } else if (error instanceof ApiError && [400, 409, 413, 415, 429].includes(error.status)) {
        setOutcome({ kind: 'failed', message: error.message });
      } else {
        handleApiError(error);
      }
    } finally {
      upload.current = null;
      setJob(null);
      setProgress(null);
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('imports.upload.title')}</CardTitle>
          <CardDescription>{t('imports.upload.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2 text-sm">
            <p>{t('imports.upload.columns')}</p>
            <code className="rounded-md bg-muted px-2 py-1.5 text-xs break-all">
              {REPORT_COLUMNS.join(',')}
            </code>
            <div>
              <Button type="button" variant="outline" size="sm" onClick={downloadReportTemplate}>
                <Download aria-hidden />
                {t('imports.upload.template')}
              </Button>
            </div>
          </div>

          {outcome?.kind === 'imported' ? (
            <Banner variant="success" title={outcome.message}>
              <Link
                to={dashboardPath}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('imports.upload.open_dashboard')}
              </Link>
            </Banner>
          ) : null}
          {outcome?.kind === 'refused' ? (
            <ImportProblems
              message={outcome.message}
              problems={outcome.problems}
              total={outcome.total}
            />
          ) : null}
          {outcome?.kind === 'failed' ? <Banner variant="error" title={outcome.message} /> : null}
          {outcome?.kind === 'cancelled' ? <Banner variant="info" title={outcome.message} /> : null}

          {file ? (
            <section className="grid gap-3" aria-label={t('imports.upload.chosen_label')}>
              <p className="text-sm">
                <span className="font-medium break-all">{file.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({fileSize(file.size, i18n.language)})
                </span>
              </p>
              {preview ? (
                <CsvPreviewTable
                  preview={preview}
                  problems={outcome?.kind === 'refused' ? outcome.problems : []}
                />
              ) : null}
              {uploading ? <ImportProgress sent={progress} job={followed.data} /> : null}
              <div className="flex flex-wrap gap-2">
                {/* The same file would be refused again: fix it and choose it anew. */}
                <Button
                  type="button"
                  onClick={() => void send()}
                  loading={uploading}
                  disabled={outcome?.kind === 'refused'}
                >
                  {t('imports.upload.import')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => (uploading ? upload.current?.abort() : reset())}
                >
                  {uploading ? t('imports.upload.cancel_upload') : t('imports.upload.choose_other')}
                </Button>
              </div>
            </section>
          ) : (
            <CsvFilePicker onFile={(chosen) => void choose(chosen)} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('imports.history.title')}</CardTitle>
          <CardDescription>{t('imports.history.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ImportHistory />
        </CardContent>
      </Card>
    </div>
  );
}
