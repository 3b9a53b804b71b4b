/** Numbers inside translated sentences, keeping their marks (components/num.tsx). */
import { Fragment, isValidElement, type ReactNode } from 'react';

const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A translated sentence with numbers in it ("From 0.01 to 50"): each value
 * given as an element (a `<Num>`) takes its placeholder's place, so the
 * numbers carry their marks inside the sentence; other values (a count for
 * plurals, a coin) go to the translation as they are.
 */
export function withNodes(
  t: (key: string, values?: Record<string, unknown>) => string,
  key: string,
  values: Record<string, unknown> = {},
): ReactNode {
  const nodes: ReactNode[] = [];
  const plain = Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      if (!isValidElement(v)) return [k, v];
      nodes.push(v);
      return [k, `${OPEN}${nodes.length - 1}${CLOSE}`];
    }),
  );
  const text = t(key, plain);
  if (nodes.length === 0) return text;
  return text
    .split(new RegExp(`${OPEN}(\\d+)${CLOSE}`))
    .map((p, i) => (i % 2 === 0 ? p : <Fragment key={i}>{nodes[Number(p)]}</Fragment>));
}

/**
 * Text the server wrote (a notification, a review summary): the decimal
 * numbers in it are marked `other`, since their kind and unit are the
 * server's words, not figures this client formats.
 */
export function ServerText({ text }: { text: string | null | undefined }): ReactNode {
  if (!text) return text ?? null;
  const parts = text.split(/(\d+\.\d+)/);
  if (parts.length === 1) return text;
  return parts.map((p, i) =>
    i % 2 === 0 ? (
      p
    ) : (
      <span key={i} data-num="other">
        {p}
      </span>
    ),
  );
}
