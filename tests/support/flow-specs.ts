/**
 * Every flow's path specs (tests/flows/<flow>/paths.ts) whose machine has QA
 * words, by machine id: what the plan checks walk (vitest only: import.meta.glob).
 */
import type { PathSpec } from '../paths/framework.ts';
import { WORDS } from '../paths/words/index.ts';

const modules = import.meta.glob(['../flows/*/paths.ts'], { eager: true });

export const flowSpecs = new Map<string, PathSpec[]>();
for (const mod of Object.values(modules))
  for (const v of Object.values(mod as Record<string, unknown>))
    if (Array.isArray(v))
      for (const x of v as PathSpec[])
        if (x?.machine?.id && typeof x.name === 'string' && WORDS[x.machine.id])
          flowSpecs.set(x.machine.id, [...(flowSpecs.get(x.machine.id) ?? []), x]);
