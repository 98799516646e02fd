import { useMemo, useState } from 'react';
import { Frown, Meh, NotebookPen, Smile, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_NOTE_MAX_LENGTH,
  FEEDBACK_STATUSES,
  type ConsoleFeedback,
  type FeedbackStatus,
} from '@partner-portal/shared/master';
import type { FeedbackRating } from '@partner-portal/shared/constants';
import { Form } from '@/components/form/form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import {
  feedbackNoteRequest,
  useConsoleFeedback,
  useFeedbackStatus,
  usePutFeedback,
} from '../api/feedback';
import { useConsoleLinks } from './console-gate';
import {
  FeedbackFilterBar,
  useParseFeedbackDraft,
  type FeedbackDraft,
} from './feedback-filter-bar';
import { FormDialog } from './form-dialog';
import { useFormats } from './format';
import { PagedTable } from './paged-table';
import { useSearchState } from './use-search-state';

const KEYS = ['rating', 'status', 'from', 'to'] as const;

const FACES: Record<
  FeedbackRating,
  { icon: LucideIcon; variant: 'success' | 'secondary' | 'error' }
> = {
  positive: { icon: Smile, variant: 'success' },
  neutral: { icon: Meh, variant: 'secondary' },
  negative: { icon: Frown, variant: 'error' },
};

const linkClasses =
  'text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** What users said through the feedback widget: filtered, paged, and triaged row by row. */
export function FeedbackList() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(KEYS);
  const parse = useParseFeedbackDraft();
  // A hand-made address the contract refuses reads as no filter at all.
  const filters = useMemo(() => parse(values).filters ?? {}, [parse, values]);
  const list = useConsoleFeedback(filters, page);
  const [noting, setNoting] = useState<ConsoleFeedback | null>(null);
  const columns = useFeedbackColumns(setNoting);
  return (
    <div className="grid grid-cols-1 gap-4">
      <FeedbackFilterBar values={values} onApply={(draft: FeedbackDraft) => setFilters(draft)} />
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.user?.email ?? row.id}
        caption={t('master.feedback.caption')}
        empty={t('master.feedback.empty')}
        loadFailed={t('master.feedback.load_failed')}
      />
      <NoteDialog feedback={noting} onClose={() => setNoting(null)} />
    </div>
  );
}

function useFeedbackColumns(
  onNote: (row: ConsoleFeedback) => void,
): DataTableColumn<ConsoleFeedback>[] {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  const status = useFeedbackStatus();
  const setStatus = status.mutate;
  const saving = status.isPending ? status.variables?.id : undefined;
  return useMemo(
    () => [
      {
        key: 'feedback',
        header: t('master.feedback.columns.feedback'),
        priority: 1,
        cell: (row) => {
          const face = FACES[row.rating];
          const Icon = face.icon;
          return (
            <span className="grid max-w-md justify-items-start gap-1.5 whitespace-normal">
              <Badge variant={face.variant} data-rating={row.rating}>
                <Icon aria-hidden className="size-3.5" />
                {t(`master.feedback.ratings.${row.rating}`)}
              </Badge>
              {row.comment ? (
                <span className="[overflow-wrap:anywhere]">{row.comment}</span>
              ) : (
                <span className="text-muted-foreground">{t('master.feedback.no_comment')}</span>
              )}
            </span>
          );
        },
      },
      {
        key: 'user',
        header: t('master.feedback.columns.user'),
        priority: 2,
        cell: (row) =>
          row.user ? (
            <Link to={links.user(row.user.id)} className={linkClasses}>
              {row.user.email}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('master.none')}</span>
          ),
      },
      {
        key: 'account',
        header: t('master.feedback.columns.account'),
        priority: 4,
        cell: (row) =>
          row.account ? (
            <Link to={links.account(row.account.id)} className={linkClasses}>
              {row.account.name}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('master.none')}</span>
          ),
      },
      {
        key: 'created',
        header: t('master.feedback.columns.date'),
        priority: 3,
        cell: (row) => (
          <time dateTime={row.created} className="whitespace-nowrap">
            {format.dateTime(row.created)}
          </time>
        ),
      },
      {
        key: 'status',
        header: t('master.feedback.columns.status'),
        priority: 1,
        cell: (row) => (
          <Select
            aria-label={t('master.feedback.status_of', {
              who: row.user?.email ?? t('master.feedback.someone'),
              date: format.date(row.created),
            })}
            value={row.status}
            disabled={saving === row.id}
            onValueChange={(next) => setStatus({ id: row.id, status: next as FeedbackStatus })}
            className="w-32"
            options={FEEDBACK_STATUSES.map((value) => ({
              value,
              label: t(`master.feedback.statuses.${value}`),
            }))}
          />
        ),
      },
      {
        key: 'note',
        header: t('master.feedback.columns.note'),
        priority: 2,
        cell: (row) => (
          <span className="grid max-w-xs justify-items-start gap-1 whitespace-normal">
            {row.note ? <span className="text-xs [overflow-wrap:anywhere]">{row.note}</span> : null}
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              aria-label={t(
                row.note ? 'master.feedback.edit_note_of' : 'master.feedback.add_note_of',
                {
                  who: row.user?.email ?? t('master.feedback.someone'),
                  date: format.date(row.created),
                },
              )}
              onClick={() => onNote(row)}
            >
              <NotebookPen aria-hidden />
              {row.note ? t('master.feedback.edit_note') : t('master.feedback.add_note')}
            </Button>
          </span>
        ),
      },
    ],
    [t, format, links, setStatus, saving, onNote],
  );
}

/** The operator's note on a row: saved with PATCH {note}; emptied, it is removed. */
function NoteDialog({
  feedback,
  onClose,
}: {
  feedback: ConsoleFeedback | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const put = usePutFeedback();
  const inputs = useMemo(
    () => ({
      note: {
        type: 'textarea' as const,
        label: t('master.feedback.note'),
        maxLength: FEEDBACK_NOTE_MAX_LENGTH,
        defaultValue: feedback?.note ?? '',
      },
    }),
    [t, feedback],
  );
  return (
    <FormDialog
      open={feedback !== null}
      onClose={onClose}
      title={t('master.feedback.note_title')}
      description={
        feedback?.comment
          ? t('master.feedback.note_about', { comment: feedback.comment })
          : t('master.feedback.note_description')
      }
    >
      {feedback ? (
        <Form
          inputs={inputs}
          request={feedbackNoteRequest(feedback.id)}
          buttonText={t('master.feedback.save_note')}
          className={DIALOG_FORM_CLASSES}
          onSuccess={(saved) => {
            put(saved);
            toast({ variant: 'success', title: t('master.feedback.note_saved') });
            onClose();
          }}
        >
          <CancelButton>{t('master.cancel')}</CancelButton>
        </Form>
      ) : null}
    </FormDialog>
  );
}
