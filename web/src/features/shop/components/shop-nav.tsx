import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { pageLocation } from '../../../lib/page-location';

/** Moves to another store page without reloading (store.html's own history, or the app's router). */
export type ShopNavigate = (to: string) => void;

const NavContext = createContext<ShopNavigate>((to) => pageLocation.assign(to));
export const ShopNavProvider = NavContext.Provider;

export function useShopNavigate(): ShopNavigate {
  return useContext(NavContext);
}

/** A real link (crawlers, new tabs, middle clicks) that a plain click follows in place. */
export function ShopLink({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useShopNavigate();
  return (
    <a
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
      {...props}
    />
  );
}
