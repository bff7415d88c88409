import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { onboardingInviteUrl, type OfferContact } from '../model/offer';
import { prefersReducedMotion, startConfetti } from './confetti';

export interface SuccessModalProps {
  open: boolean;
  onClose: () => void;
  /** Set when the visitor was not signed in: invites them to create an account. */
  inviteContact: OfferContact | null;
  /** In-app navigation; without it the invitation is a plain link. */
  onNavigate?: (path: string) => void;
}

export function SuccessModal({ open, onClose, inviteContact, onNavigate }: SuccessModalProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    let stop = () => {};
    const frame = requestAnimationFrame(() => {
      if (canvas.current && !prefersReducedMotion()) stop = startConfetti(canvas.current);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
      document.body.style.overflow = previous;
    };
  }, [open]);

  return (
    <>
      {open && (
        <canvas
          ref={canvas}
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-[60] h-full w-full"
        />
      )}
      <Dialog
        open={open}
        onOpenChange={(o) => !o && onClose()}
        title={t('offers.success.title')}
        description={t('offers.success.body')}
        closeLabel={t('common.close')}
        testId="offer-success"
      >
        <svg viewBox="0 0 52 52" className="mx-auto h-20 w-20 text-green-600" aria-hidden="true">
          <circle
            cx="26"
            cy="26"
            r="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            className="motion-safe:animate-[offer-circle_0.6s_ease-out_forwards]"
            strokeDasharray="151"
          />
          <path
            d="M15 27 l7 7 l15 -15"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeDasharray="40"
            className="motion-safe:animate-[offer-check_0.4s_0.5s_ease-out_both]"
          />
        </svg>
        {inviteContact && (
          <div
            data-testid="create-account-invite"
            className="flex flex-col gap-2 rounded-xl bg-orange-50 p-4 text-sm dark:bg-orange-950"
          >
            <p>{t('offers.success.invite')}</p>
            <Button asChild>
              <a
                href={onboardingInviteUrl(inviteContact, navigator.language || 'en')}
                onClick={(event) => {
                  if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onNavigate(event.currentTarget.getAttribute('href') ?? '/onboarding');
                }}
              >
                {t('offers.success.createAccount')}
              </a>
            </Button>
          </div>
        )}
        <Button variant="outline" data-testid="offer-success-close" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Dialog>
    </>
  );
}
