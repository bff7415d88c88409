import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { createBarcodeReader } from './detector';

/** How often a frame is read, and how long the same code is ignored after a read. */
const READ_EVERY_MS = 150;
const SAME_CODE_PAUSE_MS = 2_500;

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

/**
 * The camera view: opened by a click only, the back camera where there is one. Frames are
 * read on the device and never sent anywhere; the camera stops when the view closes.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const last = { code: '', at: 0 };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        return setState(
          error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable',
        );
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const reader = await createBarcodeReader();
      if (stopped) return;
      setState('scanning');
      const tick = async () => {
        const element = video.current;
        if (stopped || !element) return;
        if (element.readyState >= 2) {
          const found = await reader.detect(element).catch(() => []);
          const code = found[0]?.rawValue;
          const now = performance.now();
          if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
            last.code = code;
            last.at = now;
            onCodeRef.current(code);
          }
        }
        timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="flex flex-col gap-2" data-testid="store-mode-camera">
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          className="aspect-[4/3] w-full object-cover"
          muted
          playsInline
          aria-label={t('storeMode.scan.cameraLabel')}
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-8 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80"
        />
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-300" role="status">
        {t(`storeMode.scan.camera.${state}`)}
      </p>
      <Button type="button" variant="outline" onClick={onClose}>
        {t('storeMode.scan.closeCamera')}
      </Button>
    </div>
  );
}
