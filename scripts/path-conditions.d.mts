/** Types of path-conditions.mjs (read by tests/unit/lint/path-conditions.test.ts). */
import type { Node, SourceFile, Statement } from 'typescript';

export function pathSpecFiles(root?: string): Array<[name: string, file: string]>;

export function scanConditions(
  file: string,
  text?: string,
): {
  labels: Array<{ label: string; line: number }>;
  bare: Array<{ line: number; when: string; branch: Statement | Node }>;
  dynamic: Array<{ line: number }>;
  source: SourceFile;
};
