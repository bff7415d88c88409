import { useTranslation } from 'react-i18next';
import { SHAREABLE_LIST_TYPES, type Item } from '@sneakers/shared';
import {
  isOnPublicPage,
  isShownPublicly,
  type PublicListFlags,
} from '@sneakers/shared/rules/public-visibility';
import { Badge } from '../../../components/ui/badge';

type PublicHint = 'lists.visibility.shown' | 'lists.visibility.notShown' | 'lists.visibility.listPrivate';

/**
 * Whether visitors of the public page see an item of a shareable list, by the rule the lists
 * service applies to that page (docs/product/lists-and-public-lists.md#visibility-rule), the
 * list's own switch included: the badge and what a screen reader hears never promise more
 * than the page shows. Null where the question does not arise (a private item, the inventory).
 */
export function publicHint(
  item: Pick<Item, 'listType' | 'visibility' | 'status'>,
  owner: PublicListFlags,
): PublicHint | null {
  if (!(SHAREABLE_LIST_TYPES as readonly string[]).includes(item.listType)) return null;
  if (item.visibility !== 'public') return null;
  if (isOnPublicPage(item, owner)) return 'lists.visibility.shown';
  return isShownPublicly(item) ? 'lists.visibility.listPrivate' : 'lists.visibility.notShown';
}

/** The item's visibility; on a shareable list it also says whether visitors see it. */
export function VisibilityBadge({ item, owner }: { item: Item; owner: PublicListFlags }) {
  const { t } = useTranslation();
  const hint = publicHint(item, owner);
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
