import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { PublicItem } from '@sneakers/shared/contracts/lists';
import { ItemCard, type ItemCardProps } from './item-card';

/** Never more than this many cards in the DOM (Lighthouse budget, issue 4). */
export const MAX_CARDS_IN_DOM = 200;

/** Rows whose images load eagerly: what a phone shows before scrolling. */
const EAGER_ROWS = 3;

export interface VirtualGridProps extends Omit<ItemCardProps, 'item' | 'eager'> {
  items: readonly PublicItem[];
  columns: number;
  /** Asked when the last rows come into view. */
  onEndReached?: () => void;
}

/** A window-scrolled grid: rows of `columns` cards, only the visible rows rendered. */
export function VirtualGrid({ items, columns, onEndReached, ...card }: VirtualGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(ref.current?.offsetTop ?? 0);
  }, []);
  const rowCount = Math.ceil(items.length / columns);
  const estimate = card.cardSize === 'small' ? 260 : 380;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    overscan: 2,
    scrollMargin: offset,
  });
  const maxRows = Math.max(1, Math.floor(MAX_CARDS_IN_DOM / columns));
  const rows = virtualizer.getVirtualItems().slice(0, maxRows);
  const last = rows[rows.length - 1];
  const nearEnd = last !== undefined && last.index >= rowCount - 3;
  const endRef = useRef(false);
  useLayoutEffect(() => {
    if (nearEnd && !endRef.current) onEndReached?.();
    endRef.current = nearEnd;
  });

  return (
    <div
      ref={ref}
      data-testid="public-list-grid"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute left-0 grid w-full gap-3 pb-3"
          style={{
            top: 0,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
            <ItemCard key={item.id} item={item} eager={row.index < EAGER_ROWS} {...card} />
          ))}
        </div>
      ))}
    </div>
  );
}
