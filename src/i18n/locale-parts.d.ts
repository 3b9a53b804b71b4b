// The two parts of a locale file (build/locale-split.ts).
declare module '*.json?first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
