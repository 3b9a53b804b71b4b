/** The reference page's worker (`?via=worker`): the products JSON, fetched as it starts, to each page that connects. */
const products: Promise<unknown> = fetch(self.name).then((r) => r.json());

(self as unknown as { onconnect: (e: MessageEvent) => void }).onconnect = (e) => {
  const port = e.ports[0];
  if (port) void products.then((p) => port.postMessage(p));
};
