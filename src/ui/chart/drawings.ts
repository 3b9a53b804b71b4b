/**
 * Drawings: klinecharts overlays in one group, saved per symbol as tool +
 * points (time and price), so they come back at the same place after a reload
 * and on any period.
 */
import type { Chart, Overlay, OverlayCreate } from 'klinecharts';
import { TOOL_OVERLAY, type DrawingTool } from './chart-types.ts';
import type { SavedDrawing } from './chart-storage.ts';

export const DRAWINGS_GROUP = 'drawings';

const TOOL_OF = new Map(
  Object.entries(TOOL_OVERLAY).map(([tool, name]) => [name, tool as DrawingTool]),
);

/** Called whenever the set of finished drawings may have changed. */
export type DrawingsChanged = () => void;

function create(tool: DrawingTool, changed: DrawingsChanged, saved?: SavedDrawing): OverlayCreate {
  return {
    name: TOOL_OVERLAY[tool],
    groupId: DRAWINGS_GROUP,
    ...(saved ? { points: saved.points.map((p) => ({ ...p })) } : {}),
    onDrawEnd: changed,
    onPressedMoveEnd: changed,
    onRemoved: changed,
  };
}

const drawingsOf = (chart: Chart): Overlay[] => chart.getOverlays({ groupId: DRAWINGS_GROUP });

/** Start drawing with a tool; the user's clicks or taps place its points. Unfinished drawings are dropped. */
export function startDrawing(chart: Chart, tool: DrawingTool, changed: DrawingsChanged): void {
  cancelDrawing(chart);
  chart.createOverlay(create(tool, changed));
}

export function cancelDrawing(chart: Chart): void {
  for (const o of drawingsOf(chart)) {
    if (o.currentStep !== -1) chart.removeOverlay({ id: o.id });
  }
}

/** The finished drawings, as they are saved. */
export function finishedDrawings(chart: Chart): SavedDrawing[] {
  const out: SavedDrawing[] = [];
  for (const o of drawingsOf(chart)) {
    const tool = TOOL_OF.get(o.name);
    if (!tool || o.currentStep !== -1) continue;
    const points = o.points.flatMap((p) =>
      typeof p.timestamp === 'number' && typeof p.value === 'number'
        ? [{ timestamp: p.timestamp, value: p.value }]
        : [],
    );
    if (points.length === o.points.length) out.push({ tool, points });
  }
  return out;
}

/** Replace the chart's drawings with saved ones (a symbol change or the first load). */
export function restoreDrawings(
  chart: Chart,
  saved: readonly SavedDrawing[],
  changed: DrawingsChanged,
): void {
  removeDrawings(chart);
  if (saved.length > 0) chart.createOverlay(saved.map((d) => create(d.tool, changed, d)));
}

export function removeDrawings(chart: Chart): void {
  chart.removeOverlay({ groupId: DRAWINGS_GROUP });
}
