import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';

export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme} richColors closeButton position="top-right" />;
}
