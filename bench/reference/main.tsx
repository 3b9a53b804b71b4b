/**
 * The bare reference for the cold-load bench: React renders the product table
 * from a static JSON of the same products (written by the bench next to the
 * build). Nothing else: no worker, no router, no i18n, no machines.
 *
 * With `?via=worker` the JSON comes through a SharedWorker instead (module
 * worker, started as the page's script runs, fetching the JSON as it starts):
 * the least our design pays for its seam, without any of our app's code. The
 * bench reports it beside the headline reference, not instead of it.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Row {
  name: string;
  bidPrice: number;
  askPrice: number;
  priceChangePercent: number;
}

type Products = Record<string, Row>;

/** Started at once, as our entry starts its worker before React loads. */
const fromWorker: Promise<Products> | undefined = location.search.includes('via=worker')
  ? new Promise((resolve) => {
      // Its name is the JSON's address (the worker's own URL is under assets/).
      const w = new SharedWorker(new URL('./worker.ts', import.meta.url), {
        type: 'module',
        name: new URL('./products.json', location.href).href,
      });
      w.port.onmessage = (e: MessageEvent<Products>) => resolve(e.data);
      w.port.start();
    })
  : undefined;

function Table() {
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    void (fromWorker ?? fetch('./products.json').then((r) => r.json() as Promise<Products>)).then(
      (all) => setRows(Object.values(all)),
    );
  }, []);
  return (
    <table>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td>{r.name}</td>
            <td data-testid={`row-bid-${r.name}`}>{r.bidPrice}</td>
            <td>{r.askPrice}</td>
            <td>{r.priceChangePercent.toFixed(2)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Table />);
