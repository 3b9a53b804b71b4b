/**
 * A link for long lists (the product rows and cards): an anchor that moves
 * within the app on a plain click, as wouter's Link does, without that
 * Link's subscription to the location in every row (60 rows rendered and
 * re-rendered with each their own; issue 14: start-up tasks over 50 ms).
 * Modified clicks (new tab, new window) are the browser's.
 */
import type { ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';

export function ListLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0) return;
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
