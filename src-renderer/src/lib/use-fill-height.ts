/**
 * `useFillHeight(ref)`: the height (px) that makes the element reach the bottom of the window from
 * where it starts on the page, never less than `min` (issue 32 item 2: the Logs tab's list had a
 * fixed `100vh - 300px`, so a server page with a taller banner left two lines of log on screen).
 * Measured again when the window is resized or the page's height changes (a banner appearing
 * above); the element's top is taken in page coordinates, so scrolling does not change it.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Space (px) kept under the element, for the main area's padding. */
const BOTTOM_GAP = 16;

/**
 * The fill height for `ref`'s element, or undefined before the first measure. `shown`: whether the
 * element is rendered now (measured again when it appears).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, shown: boolean, min = 240): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [ref, shown, min]);
  return height;
}
