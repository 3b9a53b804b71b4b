/**
 * The bare reference for the cold-load bench: React renders the product table
 * from a static JSON of the same products (written by the bench next to the
 * build). Nothing else: no worker, no router, no i18n, no machines.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Row {
  name: string;
  bidPrice: number;
  askPrice: number;
  priceChangePercent: number;
}

function Table() {
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    void fetch('./products.json')
      .then((r) => r.json() as Promise<Record<string, Row>>)
      .then((all) => setRows(Object.values(all)));
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
