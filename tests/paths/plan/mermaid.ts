/**
 * A machine as a Mermaid stateDiagram-v2: nested states as composite states,
 * one arrow per transition definition labelled with its event (and guard);
 * a ✓ marks the transitions the plan's paths go through.
 */
import type { AnyStateMachine } from 'xstate';
import { actorOf, delayOfType } from './machine-parts.ts';

type Node = AnyStateMachine['root'];
interface Def {
  target?: Node[];
  guard?: { type?: string } | string | ((...a: unknown[]) => unknown);
}

const idOf = (n: Node) =>
  n.path.length ? n.path.join('_').replace(/[^A-Za-z0-9_]/g, '_') : 'root';

function label(type: string, def: Def): string {
  const a = actorOf(type);
  const d = delayOfType(type);
  let s = a ? `${a.id} ${a.kind}` : d !== undefined ? `after ${d}` : type;
  const g = def.guard;
  const name =
    typeof g === 'string'
      ? g
      : typeof g === 'object' && g
        ? g.type
        : typeof g === 'function'
          ? 'guard'
          : undefined;
  if (name) s += ` [${name.replace(/^xstate\./, '')}]`;
  // Mermaid ends a label at a colon or semicolon.
  return s.replace(/[:;#]/g, ' ');
}

export function mermaid(machine: AnyStateMachine, covered: Set<string>): string {
  const lines = ['stateDiagram-v2'];
  const arrows: string[] = [];
  const walk = (n: Node, indent: string) => {
    const kids = Object.values(n.states ?? {}) as Node[];
    if (n.path.length) {
      if (kids.length) lines.push(`${indent}state ${idOf(n)} {`);
      else lines.push(`${indent}state "${n.key}" as ${idOf(n)}`);
    }
    const inner = n.path.length ? `${indent}  ` : indent;
    const initial = (n as unknown as { initial?: { target?: Node[] } }).initial?.target?.[0];
    if (kids.length && initial) lines.push(`${inner}[*] --> ${idOf(initial)}`);
    for (const k of kids) walk(k, inner);
    if (n.path.length && kids.length) lines.push(`${indent}}`);
    for (const [type, defs] of n.transitions) {
      (defs as Def[]).forEach((def, i) => {
        const key = `${n.path.join('.')}|${type}|${i}`;
        const mark = covered.has(key) ? ' ✓' : '';
        const targets = def.target?.length ? def.target : [n];
        for (const t of targets)
          arrows.push(`  ${idOf(n)} --> ${idOf(t)} : ${label(type, def)}${mark}`);
      });
    }
  };
  walk(machine.root, '  ');
  return [...lines, ...arrows].join('\n');
}
