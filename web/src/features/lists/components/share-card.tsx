import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy, ExternalLink } from 'lucide-react';
import type { ShareableListType, UserProfile } from '@sneakers/shared';
import { PUBLIC_LIST_FLAG } from '@sneakers/shared/rules/public-visibility';
import { Button } from '../../../components/ui/button';
import { useUpdateProfile } from '../api/queries';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export function shareUrl(userId: string, listType: ShareableListType, origin = window.location.origin) {
  return `${origin}/share/${encodeURIComponent(userId)}/${listType}`;
}

/** An SVG QR code of `text` as a data URL (no canvas needed). */
export async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The public link of one list: copy, QR code and the profile's public flag. `title` and
 * `children` (counts, a link to the list) let the Shareable Lists page show every list.
 */
export function ShareCard({
  profile,
  listType,
  title,
  children,
}: {
  profile: UserProfile;
  listType: ShareableListType;
  title?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const url = shareUrl(profile.userId, listType);
  const [qr, setQr] = useState<string | null>(null);
  const update = useUpdateProfile();
  const flag = PUBLIC_LIST_FLAG[listType];
  const isPublic = profile[flag];

  useEffect(() => {
    let live = true;
    qrDataUrl(url).then(
      (data) => live && setQr(data),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('lists.share.copied'));
    } catch {
      toast.error(t('lists.share.copyFailed'));
    }
  };

  const toggle = () =>
    update.mutate(
      { [flag]: !isPublic },
      { onError: (error) => isDemoRefusal(error) || toast.error(t('lists.share.toggleFailed')) },
    );

  return (
    <section
      data-testid="share-card"
      data-list={listType}
      aria-labelledby={`share-${listType}`}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      {qr && (
        <img
          data-testid="share-qr"
          src={qr}
          alt={t('lists.share.qrAlt')}
          className="h-24 w-24 rounded bg-white"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id={`share-${listType}`} className="font-semibold">
          {title ?? t('lists.share.title', { list: listType.toUpperCase() })}
        </h2>
        {children}
        <a
          data-testid="share-link"
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex max-w-full items-center gap-1 text-sm text-orange-700 underline dark:text-orange-400"
        >
          <span className="min-w-0 break-all">{url}</span>
          <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
        </a>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" data-testid="copy-share-link" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            {t('lists.share.copy')}
          </Button>
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              data-testid={`share-public-${listType}`}
              aria-describedby={isPublic ? undefined : `share-${listType}-private`}
              checked={isPublic}
              disabled={update.isPending}
              onChange={toggle}
              className="h-4 w-4 accent-orange-600"
            />
            {t('lists.share.public')}
          </label>
          {!isPublic && (
            <span id={`share-${listType}-private`} className="text-xs text-neutral-600 dark:text-neutral-400">
              {t('lists.share.privateHint')}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
