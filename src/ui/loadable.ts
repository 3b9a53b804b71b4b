import { createElement, use, type ComponentType } from 'react';

/**
 * A screen that renders at once when its module is already in, and suspends only
 * before that. React.lazy suspends on every first render, the module in or not,
 * and React holds a boundary's content back after it showed its fallback: a page
 * opened on a chart showed the skeleton, then the chart and Buy about 160 ms
 * later with nothing else to do (issue 31, slow 4G). `start` begins the load.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { start(): Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const start = () =>
    (loading ??= load().then((c) => {
      loaded = c;
    }));
  function Loadable(props: P) {
    if (!loaded) use(start());
    return createElement(loaded as ComponentType<P>, props);
  }
  return Object.assign(Loadable, { start });
}
