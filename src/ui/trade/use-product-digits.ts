/**
 * Every product's precision for the lists that print prices and volumes:
 * loaded once per session (product order info for all products, §7), and
 * re-rendering its caller when it arrives.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { learnProducts, productDigits } from '../../state/products.ts';
import { session } from '../../state/session.ts';
import { useServices } from '../services-context.tsx';

export function useProductDigits(): void {
  const { api } = useServices();
  const { token } = useSnapshot(session);
  useSnapshot(productDigits);
  useEffect(() => {
    if (!token || productDigits.loaded) return;
    productDigits.loaded = true;
    void api.call('productOrderInfo', {}, { noAlert: true }).then((r) => {
      if (r.code === 0) learnProducts(r.data);
      else productDigits.loaded = false;
    });
  }, [api, token]);
}
