/** One measured figure, with the budget it is held to (if any). */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Pass when value <= max (and >= min). */
  max?: number;
  min?: number;
  note?: string;
}

export type Bench = () => Promise<BenchResult[]>;
