/**
 * One row of a settings-style menu: a link (`to`) or a button (`onClick`),
 * with the label on the left and `end` (default ›) on the right.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function MenuRow({
  children,
  to,
  onClick,
  end,
  inert = false,
}: {
  children: ReactNode;
  to?: string;
  onClick?: () => void;
  end?: ReactNode;
  /** A button row that cannot act now: said (aria-disabled, focus kept) and its click ignored. */
  inert?: boolean;
}) {
  const body = (
    <>
      <span>{children}</span>
      <span className="end">{end ?? '›'}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link href={to} className="menu-row">
          {body}
        </Link>
      ) : (
        <button
          type="button"
          className="menu-row"
          aria-disabled={inert || undefined}
          onClick={() => !inert && onClick?.()}
        >
          {body}
        </button>
      )}
    </li>
  );
}
