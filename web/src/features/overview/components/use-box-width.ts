import { useEffect, useRef, useState } from 'react';

/**
 * The chart's drawn width follows its box, so its labels keep their size in pixels on a
 * phone instead of shrinking with a scaled-down picture.
 */
export function useBoxWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
