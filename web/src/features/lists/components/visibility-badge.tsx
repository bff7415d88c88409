import { useTranslation } from 'react-i18next';
import { SHAREABLE_LIST_TYPES, type Item } from '@sneakers/shared';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { Badge } from '../../../components/ui/badge';

type PublicHint = 'lists.visibility.shown' | 'lists.visibility.notShown';

/**
 * Whether visitors of the public list see a public item on a shareable list, by the same
 * rule the lists service applies to the public page (public and pending): "Public" never
 * promises more than the page shows. Null where the question does not arise.
 */
export function publicHint(item: Pick<Item, 'listType' | 'visibility' | 'status'>): PublicHint | null {
  if (!(SHAREABLE_LIST_TYPES as readonly string[]).includes(item.listType)) return null;
  if (item.visibility !== 'public') return null;
  return isShownPublicly(item) ? 'lists.visibility.shown' : 'lists.visibility.notShown';
}

/** The item's visibility; on a shareable list it also says whether visitors see it. */
export function VisibilityBadge({ item }: { item: Item }) {
  const { t } = useTranslation();
  const hint = publicHint(item);
  const shown = hint === 'lists.visibility.shown';
  return (
    <Badge
      tone={shown ? 'orange' : 'neutral'}
      title={hint ? t(hint) : undefined}
      data-testid="item-visibility"
      data-shown={shown}
    >
      {t(`lists.visibility.${item.visibility}`)}
      {hint && <span className="sr-only">: {t(hint)}</span>}
    </Badge>
  );
}
