import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../../../test/setup';
import type * as LiveBridges from '../api/live';
import { LiveBridge, ShopLayerProvider } from '../components/shop-layer';

// The bridges are never called here: a stand-in for the module is enough to see where they go.
const live = {} as typeof LiveBridges;

function Providers({ children }: { children: ReactNode }) {
  return <div data-testid="providers">{children}</div>;
}

describe('LiveBridge', () => {
  it('renders nothing before the data layer has loaded', () => {
    const { container } = render(
      <ShopLayerProvider value={{ layer: null, request: () => undefined }}>
        <LiveBridge>{() => <span data-testid="bridge" />}</LiveBridge>
      </ShopLayerProvider>,
    );
    expect(container.innerHTML).toBe('');
  });

  it("renders the page's bridge inside the layer's providers, given the live module", () => {
    let given: unknown;
    render(
      <ShopLayerProvider value={{ layer: { Providers, live }, request: () => undefined }}>
        <LiveBridge>
          {(module) => {
            given = module;
            return <span data-testid="bridge" />;
          }}
        </LiveBridge>
      </ShopLayerProvider>,
    );
    expect(screen.getByTestId('providers').contains(screen.getByTestId('bridge'))).toBe(true);
    expect(given).toBe(live);
  });
});
