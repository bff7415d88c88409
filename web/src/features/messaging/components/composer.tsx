import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { COUNTER_FROM, composerKeyAction } from '../model/thread';

export interface ComposerProps {
  /** The partner's name, for the textarea's label. */
  partnerName: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Called with the trimmed text; the composer clears itself through `onDraftChange`. */
  onSend: (content: string) => void;
}

/** The thread's composer: Enter sends, Shift+Enter starts a new line; empty or too long cannot send. */
export function Composer({ partnerName, draft, onDraftChange, onSend }: ComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const content = draft.trim();
  const remaining = MESSAGE_MAX_LENGTH - draft.length;
  const tooLong = remaining < 0;
  const canSend = content.length > 0 && !tooLong;

  const send = () => {
    if (!canSend) return;
    onSend(content);
    onDraftChange('');
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (
      composerKeyAction({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
      }) !== 'send'
    )
      return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-neutral-200 p-3 dark:border-neutral-800"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('messaging.composer.label', { name: partnerName })}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={ref}
          id={id}
          data-testid="composer-input"
          rows={2}
          value={draft}
          placeholder={t('messaging.composer.placeholder')}
          aria-describedby={`${id}-hint`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-y rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
        />
        <Button type="submit" data-testid="composer-send" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" className="h-4 w-4" />
          {t('messaging.composer.send')}
        </Button>
      </div>
      <div className="flex justify-between gap-2 text-xs text-neutral-500 dark:text-neutral-400">
        <span id={`${id}-hint`}>{t('messaging.composer.hint')}</span>
        {remaining <= COUNTER_FROM ? (
          <span
            data-testid="composer-counter"
            aria-live="polite"
            className={cn('tabular-nums', tooLong && 'font-medium text-red-600 dark:text-red-400')}
          >
            {tooLong
              ? t('messaging.composer.tooLong', { over: -remaining })
              : t('messaging.composer.counter', { remaining })}
          </span>
        ) : null}
      </div>
    </form>
  );
}
