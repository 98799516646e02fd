import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Frown, Heart, Meh, Smile, type LucideIcon } from 'lucide-react';
import {
  FEEDBACK_AUTO_CLOSE_MS,
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_RATINGS,
  type FeedbackRating,
} from '@partner-portal/shared/constants';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { handleApiError } from '@/lib/error-handler';
import { sendFeedback } from './api/send-feedback';

const FACES: Record<FeedbackRating, LucideIcon> = {
  positive: Smile,
  neutral: Meh,
  negative: Frown,
};

type Step = { kind: 'rating' } | { kind: 'sending' } | { kind: 'thanks'; message: string };

/**
 * The feedback widget: a heart button in the page header opens a panel with three faces;
 * picking one reveals the comment and the send button (docs/product.md#states-and-transitions); after sending, the panel
 * thanks the user and closes FEEDBACK_AUTO_CLOSE_MS later. The panel is a Radix popover:
 * focus moves into it, Escape or a click outside closes it and focus returns to the heart.
 */
export function FeedbackWidget() {
  const { t } = useTranslation();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState<FeedbackRating | null>(null);
  const [comment, setComment] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'rating' });

  // Counts closings, so a send still in flight when the panel closes cannot put its answer into
  // the next, fresh opening.
  const closings = useRef(0);

  const changeOpen = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) {
      closings.current += 1;
      // Each opening starts afresh.
      setRating(null);
      setComment('');
      setStep({ kind: 'rating' });
    }
  }, []);

  const thanked = step.kind === 'thanks';
  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => changeOpen(false), FEEDBACK_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [thanked, changeOpen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return;
    setStep({ kind: 'sending' });
    const opening = closings.current;
    try {
      const trimmed = comment.trim();
      const message = await sendFeedback(trimmed ? { rating, comment: trimmed } : { rating });
      if (opening === closings.current) {
        setStep({ kind: 'thanks', message: message ?? t('feedback.thanks') });
      }
    } catch (error) {
      if (opening === closings.current) setStep({ kind: 'rating' });
      handleApiError(error);
    }
  };

  const titleId = `${ids}-title`;
  const commentId = `${ids}-comment`;
  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('feedback.open')}
          className="rounded-full"
        >
          <Heart aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent side="bottom" align="end" aria-labelledby={titleId} className="grid gap-4">
        {step.kind === 'thanks' ? (
          <div role="status" className="grid gap-1 text-center">
            <p id={titleId} className="font-semibold">
              {step.message}
            </p>
            <p className="text-sm text-muted-foreground">{t('feedback.thanks_body')}</p>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <h2 id={titleId} className="text-sm font-semibold">
              {t('feedback.title')}
            </h2>
            <div role="group" aria-labelledby={titleId} className="grid grid-cols-3 gap-2">
              {FEEDBACK_RATINGS.map((value) => {
                const Face = FACES[value];
                const pressed = rating === value;
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => setRating(value)}
                    className={cn(
                      'flex flex-col items-center gap-1 rounded-md border border-border p-2 text-xs transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                      pressed && 'border-primary bg-primary/10 text-foreground',
                    )}
                  >
                    <Face aria-hidden className={cn('size-7', pressed && 'text-primary')} />
                    {t(`feedback.ratings.${value}`)}
                  </button>
                );
              })}
            </div>
            {rating ? (
              <>
                <div className="grid gap-1.5">
                  <Label htmlFor={commentId}>{t('feedback.comment')}</Label>
                  <Textarea
                    id={commentId}
                    value={comment}
                    maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
                    placeholder={t('feedback.placeholder')}
                    onChange={(event) => setComment(event.target.value)}
                  />
                </div>
                <Button type="submit" loading={step.kind === 'sending'}>
                  {t('feedback.submit')}
                </Button>
              </>
            ) : null}
          </form>
        )}
      </PopoverContent>
    </Popover>
  );
}
