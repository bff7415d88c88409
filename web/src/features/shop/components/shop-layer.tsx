import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type * as LiveBridges from '../api/live';

/** The API client and TanStack Query around the shop's data hooks (store.html's, or the app's). */
export type LiveProviders = ComponentType<{ children: ReactNode }>;
type LiveModule = typeof LiveBridges;

export interface ShopLayer {
  Providers: LiveProviders;
  live: LiveModule;
}

// store.html paints from the inline first data with display-only code; the data layer (TanStack
// Query, zod, the API client) loads after that paint, or at once when the page has no inline
// data (docs/adr/0004-light-html-entries.md, store.html addendum).
let liveLoad: Promise<LiveModule> | undefined;
const loadLive = () => (liveLoad ??= import('../api/live'));

function Passthrough({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

interface LayerState {
  layer: ShopLayer | null;
  /** Loads the data layer (idempotent). */
  request: () => void;
}

const LayerContext = createContext<LayerState>({ layer: null, request: () => undefined });
export const ShopLayerProvider = LayerContext.Provider;

export function useShopLayer(): LayerState {
  return useContext(LayerContext);
}

/**
 * A page's bridge to the data layer (`api/live.tsx`): nothing until the layer has loaded, then
 * `children(live)` inside its providers, where the bridge hands its query state to the page.
 */
export function LiveBridge({ children }: { children: (live: LiveModule) => ReactNode }) {
  const { layer } = useShopLayer();
  return layer ? <layer.Providers>{children(layer.live)}</layer.Providers> : null;
}

/** `loadProviders`: store.html's own providers; without it the app's are already around. */
export function useLayerState(loadProviders?: () => Promise<LiveProviders>): LayerState {
  const [layer, setLayer] = useState<ShopLayer | null>(null);
  const [wanted, setWanted] = useState(false);
  const request = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (!wanted || layer) return;
    let current = true;
    void Promise.all([loadLive(), loadProviders ? loadProviders() : Passthrough]).then(
      ([live, Providers]) => {
        if (current) setLayer({ Providers, live });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, layer, loadProviders]);
  return { layer, request };
}
