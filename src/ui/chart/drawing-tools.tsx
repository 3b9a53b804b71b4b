/**
 * Drawing tools: a toggle that shows the tool row, one button per tool
 * (pressed while it waits for points) and delete drawings.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { DRAWING_TOOLS, type DrawingTool } from './chart-types.ts';
import { ICONS, TOOL_ICONS } from './icons.tsx';

export function DrawingToolsToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  controls: string;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="chart-btn chart-btn-text"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {ICONS.pencil}
      <span>{t('chart.drawing_tools')}</span>
    </button>
  );
}

export interface DrawingToolsProps {
  id: string;
  open: boolean;
  /** The tool waiting for the user's clicks or taps, if any. */
  tool: DrawingTool | undefined;
  onTool(tool: DrawingTool | undefined): void;
  /** Finished drawings on the chart. */
  count: number;
  onDeleteAll(): void;
}

export function DrawingTools({ id, open, tool, onTool, count, onDeleteAll }: DrawingToolsProps) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="toolbar"
      aria-label={t('chart.drawing_tools')}
      className="chart-row chart-tools"
      hidden={!open}
    >
      {DRAWING_TOOLS.map((d) => (
        <button
          key={d}
          type="button"
          className="chart-btn"
          aria-label={t(`chart.tools.${d}`)}
          title={t(`chart.tools.${d}`)}
          aria-pressed={tool === d}
          onClick={() => onTool(tool === d ? undefined : d)}
        >
          {TOOL_ICONS[d]}
        </button>
      ))}
      <button
        type="button"
        className="chart-btn"
        aria-label={t('chart.delete_drawings')}
        title={t('chart.delete_drawings')}
        disabled={count === 0}
        onClick={onDeleteAll}
      >
        {ICONS.trash}
      </button>
    </div>
  );
}
