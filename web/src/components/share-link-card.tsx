import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from './ui/button';

/** An SVG QR code of `text` as a data URL (no canvas; the library loads only when a link is shown). */
async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function useQr(text: string | null): string | null {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    qrDataUrl(text).then(
      (url) => live && setQr({ text, url }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return qr && qr.text === text ? qr.url : null;
}

/** The feature's own texts (components load only the core strings). */
export interface ShareLinkTexts {
  title: string;
  description: string;
  qrAlt: string;
  opensNewTab: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

export interface ShareLinkTestIds {
  card: string;
  qr: string;
  link: string;
  copy: string;
}

/**
 * A link to hand out: the link itself, Copy and a QR code to show on a phone. `status` replaces
 * the link while there is none yet (loading, an error); `actions` sit beside Copy.
 */
export function ShareLinkCard({
  url,
  texts,
  testIds,
  status,
  actions,
  children,
}: {
  url: string | null;
  texts: ShareLinkTexts;
  testIds: ShareLinkTestIds;
  status?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  const qr = useQr(url);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.copyFailed);
    }
  };
  return (
    <section
      data-testid={testIds.card}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      {qr && (
        <img
          data-testid={testIds.qr}
          src={qr}
          alt={texts.qrAlt}
          className="h-28 w-28 shrink-0 self-center rounded bg-white sm:self-auto"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id={titleId} className="font-semibold">
          {texts.title}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{texts.description}</p>
        {status ??
          (url && (
            <>
              <a
                data-testid={testIds.link}
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-orange-700 underline dark:text-orange-400"
              >
                <span className="min-w-0 truncate">{url}</span>
                <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
                <span className="sr-only">{texts.opensNewTab}</span>
              </a>
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" variant="outline" data-testid={testIds.copy} onClick={() => void copy()}>
                  <Copy aria-hidden="true" className="h-4 w-4" />
                  {texts.copy}
                </Button>
                {actions}
              </div>
            </>
          ))}
      </div>
      {children}
    </section>
  );
}
