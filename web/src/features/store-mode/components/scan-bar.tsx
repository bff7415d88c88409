import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form';

// The camera and its reader load on the first click only (the store-mode screen stays light).
const CameraScanner = lazy(() =>
  import('../scanner/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

/** A code typed (SKU, UPC, EAN) or read by the camera; each reaches `onCode` once. */
export function ScanBar({ onCode, label }: { onCode: (code: string) => void; label: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    onCode(value);
    setCode('');
  };
  return (
    <div className="flex flex-col gap-3">
      <form className="flex gap-2" onSubmit={submit} role="search" aria-label={label}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('storeMode.scan.placeholder')}
          aria-label={t('storeMode.scan.inputLabel')}
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          data-testid="store-mode-code"
          className="flex-1"
        />
        <Button type="submit" variant="secondary" data-testid="store-mode-find">
          {t('storeMode.scan.find')}
        </Button>
        {!camera && (
          <Button type="button" onClick={() => setCamera(true)} data-testid="store-mode-open-camera">
            {t('storeMode.scan.openCamera')}
          </Button>
        )}
      </form>
      {camera && (
        <Suspense fallback={<p className="text-sm">{t('storeMode.scan.camera.starting')}</p>}>
          <CameraScanner onCode={onCode} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </div>
  );
}
