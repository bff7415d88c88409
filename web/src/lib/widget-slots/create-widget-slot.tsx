import { createContext, useContext, type ComponentType } from 'react';

/** A widget as its owning feature hands it over: the component, and a way to start loading its chunk. */
export interface SlotWidget<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<unknown>;
}

/**
 * A place in one feature's screen for a widget another feature owns (docs/adr/0016): the screen
 * renders the slot, app/feature-widgets.tsx fills it with the owner's component, so neither
 * feature imports the other. An unfilled slot is a wiring bug, so it throws rather than
 * quietly showing nothing.
 */
export function createWidgetSlot<P extends object>(name: string) {
  const Context = createContext<SlotWidget<P> | null>(null);
  Context.displayName = name;

  function useWidget(): SlotWidget<P> {
    const widget = useContext(Context);
    if (!widget) throw new Error(`${name} is not provided: app/feature-widgets.tsx fills it`);
    return widget;
  }

  function Slot(props: P) {
    const { Component } = useWidget();
    return <Component {...props} />;
  }

  return { Provider: Context.Provider, Slot, usePreload: () => useWidget().preload };
}
