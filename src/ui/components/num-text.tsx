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
