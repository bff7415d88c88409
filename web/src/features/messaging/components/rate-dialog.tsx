import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, RATING_COMMENT_MAX_LENGTH, type Partner } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useCreateRating } from '../api/queries';
import { StarInput } from './star-rating';

/** Refusals the dialog explains in its own words. */
const REFUSALS = ['ALREADY_RATED', 'NO_COMPLETED_TRADE'] as const;

/** Rates a trading partner once: 1 to 5 stars and an optional comment. */
export function RateDialog({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [starsMissing, setStarsMissing] = useState(false);
  const create = useCreateRating();
  const commentTooLong = comment.length > RATING_COMMENT_MAX_LENGTH;

  const submit = () => {
    if (stars < 1) {
      setStarsMissing(true);
      return;
    }
    if (commentTooLong) return;
    setProblem(null);
    const text = comment.trim();
    create.mutate(
      { rateeUserId: partner.userId, stars, comment: text ? text : null },
      {
        onSuccess: () => {
          toast.success(t('messaging.ratings.dialog.saved'));
          onClose();
        },
        onError: (error) => {
          // The app's demo toast says why (query-client.ts).
          if (isDemoRefusal(error)) return;
          const code = error instanceof ApiError ? REFUSALS.find((c) => c === error.code) : undefined;
          setProblem(t(code ? `messaging.ratings.dialog.${code}` : 'messaging.ratings.dialog.error'));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('messaging.ratings.dialog.title', { name: partner.businessName })}
      description={t('messaging.ratings.dialog.description')}
      closeLabel={t('common.close')}
      testId="rating-dialog"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-stars`} className="text-sm font-medium">
            {t('messaging.ratings.dialog.stars')}
          </span>
          <StarInput
            value={stars}
            onChange={(value) => {
              setStars(value);
              setStarsMissing(false);
            }}
            labelledBy={`${id}-stars`}
            describedBy={starsMissing ? `${id}-stars-error` : undefined}
            invalid={starsMissing}
          />
          {starsMissing ? (
            <p id={`${id}-stars-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
              {t('messaging.ratings.dialog.starsRequired')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium">
            {t('messaging.ratings.dialog.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            data-testid="rating-comment-input"
            rows={3}
            value={comment}
            aria-invalid={commentTooLong || undefined}
            aria-describedby={`${id}-comment-hint`}
            onChange={(event) => setComment(event.target.value)}
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-500 dark:border-neutral-700 dark:bg-neutral-900"
          />
          <p
            id={`${id}-comment-hint`}
            role={commentTooLong ? 'alert' : undefined}
            className={
              commentTooLong
                ? 'text-xs text-red-600 dark:text-red-400'
                : 'text-xs text-neutral-500 dark:text-neutral-400'
            }
          >
            {commentTooLong
              ? t('messaging.ratings.dialog.commentTooLong', { max: RATING_COMMENT_MAX_LENGTH })
              : t('messaging.ratings.dialog.commentHint', { max: RATING_COMMENT_MAX_LENGTH })}
          </p>
        </div>
        {problem ? (
          <p role="alert" data-testid="rating-problem" className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="rating-submit" disabled={create.isPending}>
            {t('messaging.ratings.dialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
