/**
 * The balance's two figures (trading.md §2: total = balance + locked margin,
 * available = balance), one component for every place that shows them (the
 * header popover, My page, both order forms): the same source, the same
 * `data-figure` key, the same format.
 */
import { FIGURE } from '../figures.ts';
import { useBalanceFigures } from '../hooks/use-figures.ts';
import { Num, type NumProps } from './num.tsx';

export function BalanceNum({
  which,
  ...rest
}: { which: 'total' | 'available' } & Omit<NumProps, 'kind' | 'unit' | 'value' | 'figure'>) {
  const b = useBalanceFigures();
  return (
    <Num
      {...rest}
      kind="amount"
      unit="USD"
      value={b?.[which]}
      figure={which === 'total' ? FIGURE.balanceTotal : FIGURE.balanceAvailable}
    />
  );
}
