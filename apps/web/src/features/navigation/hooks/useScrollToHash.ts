import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for the named element: the page may still be loading its code or passing its guards. */
const WAIT_MS = 5000;

/**
 * A link to `/path#section` scrolls to that section, as a plain page would: the router does not, and the
 * section may appear only once the page is shown. Runs after the shell's scroll to the top.
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    let frame = 0;
    const started = performance.now();
    const look = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}
