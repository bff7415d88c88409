import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Camera } from 'lucide-react';
import { avatarProblem } from '../model/form';
import type { StepProps } from './use-onboarding-wizard';

/** The profile picture: a preview of the chosen file, refused when it is not a small image. */
export function AvatarPicker({ form, update }: StepProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!form.avatar || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(form.avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [form.avatar]);

  return (
    <div className="flex items-center gap-4">
      <span className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
        {preview ? (
          <img
            src={preview}
            alt=""
            data-testid="onboarding-avatar-preview"
            className="h-full w-full object-cover"
          />
        ) : (
          <Camera aria-hidden="true" className="h-6 w-6 text-neutral-500" />
        )}
      </span>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 focus-within:outline-2 focus-within:outline-orange-500 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          {t(form.avatar ? 'onboarding.avatar.change' : 'onboarding.avatar.upload')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          data-testid="onboarding-avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const problem = avatarProblem(file);
            if (problem) {
              toast.error(t(problem.title), { description: t(problem.text) });
              return;
            }
            update({ avatar: file });
          }}
        />
        <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('onboarding.avatar.hint')}</span>
      </div>
    </div>
  );
}
