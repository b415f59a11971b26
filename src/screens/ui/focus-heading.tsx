import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The page's (or step's) heading, h1 unless `level` says otherwise. It takes focus when it mounts, so a screen
 * reader announces each new step and the next Tab starts from the top of the new content. Remount it (a `key` per
 * step) to move focus again.
 */
export function FocusHeading({
  children,
  className,
  level = 1,
}: {
  children: ReactNode;
  className?: string;
  level?: 1 | 2;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    // Inside the prerendered page while React hydrates it (inert until then), where focus cannot go: asking would
    // only force a layout of the whole page. The page was just loaded, so its reader starts at the top anyway.
    if (!element || element.closest('[inert]')) return;
    element.focus({ preventScroll: false });
  }, []);
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag ref={heading} tabIndex={-1} className={['page-title', className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
