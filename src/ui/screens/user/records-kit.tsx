/**
 * Shared by the records screens: the header with its way back and the
 * filter chips (also used by the wallet overview).
 */
import { useFlags } from '../../hooks/use-flags.ts';
import { useDemo } from '../../hooks/use-session.ts';
import { BackLink } from '../../components/back-link.tsx';

/** Back to the wallet where it is offered (multi-wallet, real account), else to /user. */
export function ScreenHead({ title }: { title: string }) {
  const demo = useDemo();
  const flags = useFlags();
  return (
    <>
      <header className="screen-header">
        <BackLink to={!demo && flags['multi-wallet'] ? '/user/myWallet' : '/user'} />
      </header>
      <h1 className="screen-title">{title}</h1>
    </>
  );
}

/** A row of filter chips; `value` is the index chosen. */
export function FilterChips({
  label,
  labels,
  value,
  onChange,
}: {
  label: string;
  labels: string[];
  value: number;
  onChange: (i: number) => void;
}) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {labels.map((l, i) => (
        <button
          key={l}
          type="button"
          className="chip"
          aria-pressed={i === value}
          onClick={() => onChange(i)}
        >
          {l}
        </button>
      ))}
    </div>
  );
}
