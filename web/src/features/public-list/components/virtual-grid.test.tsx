import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../../../test/setup';
import type { PublicItem } from '@sneakers/shared';
import { MOCK_ITEMS_RAW } from '../model/mock-list';
import { MAX_CARDS_IN_DOM, VirtualGrid } from './virtual-grid';

describe('VirtualGrid', () => {
  it('renders only the visible rows of 5,000 items, never more than 200 cards', () => {
    const items: PublicItem[] = Array.from({ length: 5000 }, (_, i) => ({
      ...MOCK_ITEMS_RAW[0]!,
      id: `i${i}`,
    }));
    render(
      <VirtualGrid
        items={items}
        columns={8}
        cardSize="small"
        compactSizes={false}
        selectable={false}
        isSelected={() => false}
        onToggle={() => {}}
      />,
    );
    const cards = screen.getAllByTestId('public-item-card');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(MAX_CARDS_IN_DOM);
    expect(cards.length % 8).toBe(0);
  });
});
