/** Small canvas confetti: a burst of falling rectangles for ~2.5 s. Returns a stop function. */
export function startConfetti(canvas: HTMLCanvasElement, durationMs = 2500): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return () => {};
  const colors = ['#ea580c', '#f59e0b', '#10b981', '#3b82f6', '#ec4899'];
  const width = (canvas.width = canvas.clientWidth || window.innerWidth);
  const height = (canvas.height = canvas.clientHeight || window.innerHeight);
  const pieces = Array.from({ length: 120 }, () => ({
    x: width / 2,
    y: height / 3,
    vx: (Math.random() - 0.5) * 12,
    vy: Math.random() * -12 - 4,
    size: 4 + Math.random() * 6,
    rotation: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.3,
    color: colors[Math.floor(Math.random() * colors.length)] ?? '#ea580c',
  }));
  const start = performance.now();
  let frame = 0;
  const tick = (now: number) => {
    ctx.clearRect(0, 0, width, height);
    for (const p of pieces) {
      p.vy += 0.35;
      p.x += p.vx;
      p.y += p.vy;
      p.rotation += p.spin;
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.rotate(p.rotation);
      ctx.fillStyle = p.color;
      ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      ctx.restore();
    }
    if (now - start < durationMs) frame = requestAnimationFrame(tick);
    else ctx.clearRect(0, 0, width, height);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
