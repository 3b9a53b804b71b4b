/** Toolbar icons: 24-unit strokes in currentColor, hidden from assistive tech (buttons carry the names). */
import type { ReactNode } from 'react';
import type { DrawingTool } from './chart-types.ts';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      className="chart-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const dot = (cx: number, cy: number) => <circle cx={cx} cy={cy} r="1.6" fill="currentColor" />;

export const ICONS = {
  zoomIn: (
    <Svg>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 20 20M10.5 7.5v6M7.5 10.5h6" />
    </Svg>
  ),
  zoomOut: (
    <Svg>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 20 20M7.5 10.5h6" />
    </Svg>
  ),
  shiftLeft: (
    <Svg>
      <path d="M11 6 5 12l6 6M19 6l-6 6 6 6" />
    </Svg>
  ),
  shiftRight: (
    <Svg>
      <path d="m13 6 6 6-6 6M5 6l6 6-6 6" />
    </Svg>
  ),
  camera: (
    <Svg>
      <path d="M4 8h3l2-2.5h6L17 8h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </Svg>
  ),
  fullscreen: (
    <Svg>
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    </Svg>
  ),
  moon: (
    <Svg>
      <path d="M19 14.5A7.5 7.5 0 0 1 9.5 5a7.5 7.5 0 1 0 9.5 9.5z" />
    </Svg>
  ),
  indicators: (
    <Svg>
      <path d="M3 17l5-6 4 4 5-8 4 5" />
    </Svg>
  ),
  pencil: (
    <Svg>
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
    </Svg>
  ),
  trash: (
    <Svg>
      <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5" />
    </Svg>
  ),
} as const;

export const TOOL_ICONS: Record<DrawingTool, ReactNode> = {
  horizontal: (
    <Svg>
      <path d="M3 12h18" />
      {dot(12, 12)}
    </Svg>
  ),
  vertical: (
    <Svg>
      <path d="M12 3v18" />
      {dot(12, 12)}
    </Svg>
  ),
  straight: (
    <Svg>
      <path d="M3 20 21 4" />
      {dot(8, 15.5)}
      {dot(16, 8.5)}
    </Svg>
  ),
  ray: (
    <Svg>
      <path d="M6 18 21 5" />
      {dot(6, 18)}
      {dot(13, 12)}
    </Svg>
  ),
  segment: (
    <Svg>
      <path d="M5 18 19 6" />
      {dot(5, 18)}
      {dot(19, 6)}
    </Svg>
  ),
  price: (
    <Svg>
      <path d="M3 12h11M14 8.5h7v7h-7z" />
      {dot(5, 12)}
    </Svg>
  ),
  parallel: (
    <Svg>
      <path d="M3 15 15 4M9 20 21 9" />
    </Svg>
  ),
  channel: (
    <Svg>
      <path d="M3 13 15 3M9 21 21 11" />
      <path d="M6 17 18 7" strokeDasharray="2 2.5" />
    </Svg>
  ),
  fibonacci: (
    <Svg>
      <path d="M3 4h18M3 9h18M3 13h18M3 16.5h18M3 20h18" strokeWidth="1.4" />
    </Svg>
  ),
};
