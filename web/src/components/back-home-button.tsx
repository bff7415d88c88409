import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Button } from './ui/button';

export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to="/">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('common.backToHome')}
      </Link>
    </Button>
  );
}
