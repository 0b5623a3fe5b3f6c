import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A box that scrolls a wide table sideways and shows that it does: a shade with an arrow at each edge where more
 * columns wait (tables were clipped with no sign that they scroll). The box is focusable, so keyboard
 * users scroll it with the arrow keys too.
 */
export function ScrollCue({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** The accessible name of the scrolling region (the table's title). */
  label?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((previous) =>
        previous.left === left && previous.right === right ? previous : { left, right },
      );
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return (
    <div
      className="scroll-cue"
      data-more-left={edges.left || undefined}
      data-more-right={edges.right || undefined}
      data-testid="scroll-cue"
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
      <section ref={ref} className="scroll-cue-body" aria-label={label} tabIndex={0}>
        <div style={{ minWidth }}>{children}</div>
      </section>
    </div>
  );
}
