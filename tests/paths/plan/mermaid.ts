/**
 * A machine as a Mermaid stateDiagram-v2 in the plan's language: nested
 * states as composite states, each box labelled with the state's short name,
 * one arrow per transition definition labelled with what the person or the
 * server does (labels.ts) and the numbers of the plan's paths that take it
 * ("… · 2, 5"); an arrow no chosen path takes carries no numbers.
 */
import type { AnyStateMachine } from 'xstate';
import { cut, type Labels } from './labels.ts';

type Node = AnyStateMachine['root'];

/** Ids stay ASCII and apart from Mermaid's keywords (`end`, `state`). */
const idOf = (n: Node) =>
  n.path.length ? `s_${n.path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}` : 's_any';

/** Mermaid ends a label at a colon, semicolon or hash, and a state's at a double quote. */
export const mermaidText = (s: string) =>
  cut(s.replace(/\s*[:;]\s*/g, ' – ').replace(/[#"<>]/g, ' '));

export function mermaid(
  machine: AnyStateMachine,
  labels: Labels,
  pathsOf: (key: string) => number[],
): string {
  const lines = ['stateDiagram-v2'];
  const arrows: string[] = [];
  const box = (path: string) => `"${mermaidText(labels.state(path))}"`;
  const walk = (n: Node, indent: string) => {
    const kids = Object.values(n.states ?? {}) as Node[];
    const path = n.path.join('.');
    if (n.path.length)
      lines.push(`${indent}state ${box(path)} as ${idOf(n)}${kids.length ? ' {' : ''}`);
    const inner = n.path.length ? `${indent}  ` : indent;
    const initial = (n as unknown as { initial?: { target?: Node[] } }).initial?.target?.[0];
    if (kids.length && initial) lines.push(`${inner}[*] --> ${idOf(initial)}`);
    for (const k of kids) walk(k, inner);
    if (n.path.length && kids.length) lines.push(`${indent}}`);
    const defs: Array<[string, Array<{ target?: Node[] }>]> = [
      ...(n.transitions as Map<string, Array<{ target?: Node[] }>>),
      ['always', (n.always ?? []) as Array<{ target?: Node[] }>],
    ];
    for (const [type, list] of defs)
      list.forEach((def, i) => {
        const key = `${path}|${type}|${i}`;
        const nums = pathsOf(key);
        const label = mermaidText(labels.transition(key)?.label ?? type);
        const mark = nums.length ? ` · ${nums.join(', ')}` : '';
        for (const t of def.target?.length ? def.target : [n])
          arrows.push(`  ${idOf(n)} --> ${idOf(t)} : ${label}${mark}`);
      });
  };
  walk(machine.root, '  ');
  // Transitions on the machine itself leave from any state: one box says so.
  if (arrows.some((a) => a.startsWith(`  ${idOf(machine.root)} `)))
    lines.push(`  state ${box('')} as ${idOf(machine.root)}`);
  return [...lines, ...arrows].join('\n');
}
