import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's chunk (on hover, say); safe to call many times. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a named export, with a preload hook. */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then((component) => ({ default: component }));
    pending.catch(() => {
      // Let the next attempt retry a failed chunk load.
      pending = undefined;
    });
    return pending;
  };
  return Object.assign(lazy(preload), { preload });
}
