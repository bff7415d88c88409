import { toast } from 'sonner';
import { i18n } from '../../i18n';
import { DEMO_TOAST_ID } from './demo-refusal';

/** A screen that refuses a demo write itself, without asking the API, shows the query client's demo toast. */
export function showDemoToast(): void {
  toast.error(i18n.t('profile.toast.demoMode'), { id: DEMO_TOAST_ID });
}
