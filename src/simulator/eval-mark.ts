/** Imported first by the worker: marks when its code starts to run (after the fetch and parse). */
performance.mark('sim:eval');
