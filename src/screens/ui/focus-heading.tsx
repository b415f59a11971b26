import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The page's (or step's) h1. It takes focus when it mounts, so a screen reader announces each new step and the
 * next Tab starts from the top of the new content. Remount it (a `key` per step) to move focus again.
 */
export function FocusHeading({ children, className }: { children: ReactNode; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={['page-title', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
