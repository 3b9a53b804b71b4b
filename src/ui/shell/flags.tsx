/**
 * Flag images for the language list (trading.md §1 "Each language has a flag
 * image"): small inline SVGs bundled with the app, so no network and no
 * reliance on emoji flags (which many desktop systems draw as two letters).
 * Simplified shapes at 3:2, drawn in a 30×20 box.
 */
import type { ReactNode } from 'react';
import type { Language } from '../../config/site.ts';
import { svgNumber } from '../format.ts';
import './language-picker.css';

/** The points of a five-pointed star centred on (cx, cy), outer radius r, pointing at `deg`. */
function star(cx: number, cy: number, r: number, deg = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = ((deg + i * 36) * Math.PI) / 180;
    const d = i % 2 === 0 ? r : r * 0.382;
    pts.push(`${svgNumber(cx + d * Math.cos(rad), 2)},${svgNumber(cy + d * Math.sin(rad), 2)}`);
  }
  return pts.join(' ');
}

const stripes = (colours: string[], vertical: boolean, weights?: number[]): ReactNode => {
  const w = weights ?? colours.map(() => 1);
  const total = w.reduce((a, b) => a + b, 0);
  let at = 0;
  return colours.map((c, i) => {
    const size = ((w[i] ?? 1) / total) * (vertical ? 30 : 20);
    const el = vertical ? (
      <rect key={i} x={at} y={0} width={size} height={20} fill={c} />
    ) : (
      <rect key={i} x={0} y={at} width={30} height={size} fill={c} />
    );
    at += size;
    return el;
  });
};

const FLAGS: Record<Language, ReactNode> = {
  en: (
    <>
      <rect width={30} height={20} fill="#012169" />
      <path d="M0,0 30,20 M30,0 0,20" stroke="#fff" strokeWidth={4} />
      <path d="M0,0 30,20 M30,0 0,20" stroke="#C8102E" strokeWidth={1.4} />
      <path d="M15,0 V20 M0,10 H30" stroke="#fff" strokeWidth={6} />
      <path d="M15,0 V20 M0,10 H30" stroke="#C8102E" strokeWidth={3.4} />
    </>
  ),
  'zh-tw': (
    <>
      <rect width={30} height={20} fill="#FE0000" />
      <rect width={15} height={10} fill="#000095" />
      <polygon points={star(7.5, 5, 3.6)} fill="#fff" />
      <circle cx={7.5} cy={5} r={1.7} fill="#fff" stroke="#000095" strokeWidth={0.4} />
    </>
  ),
  'zh-cn': (
    <>
      <rect width={30} height={20} fill="#EE1C25" />
      <polygon points={star(5, 5, 3)} fill="#FFFF00" />
      <polygon points={star(10, 2, 1)} fill="#FFFF00" />
      <polygon points={star(12, 4, 1)} fill="#FFFF00" />
      <polygon points={star(12, 7, 1)} fill="#FFFF00" />
      <polygon points={star(10, 9, 1)} fill="#FFFF00" />
    </>
  ),
  ja: (
    <>
      <rect width={30} height={20} fill="#fff" />
      <circle cx={15} cy={10} r={6} fill="#BC002D" />
    </>
  ),
  de: stripes(['#000', '#DD0000', '#FFCE00'], false),
  fr: stripes(['#002395', '#fff', '#ED2939'], true),
  it: stripes(['#009246', '#fff', '#CE2B37'], true),
  ko: (
    <>
      <rect width={30} height={20} fill="#fff" />
      <path d="M10,10 a5,5 0 0 1 10,0 z" fill="#CD2E3A" />
      <path d="M10,10 a5,5 0 0 0 10,0 z" fill="#0047A0" />
      <path
        d="M4,4 7,2 M4.6,4.9 7.6,2.9 M5.2,5.8 8.2,3.8 M22.4,2.9 25.4,4.9 M21.8,3.8 24.8,5.8 M22.4,17.1 25.4,15.1 M21.8,16.2 24.8,14.2 M4,16 7,18 M4.6,15.1 7.6,17.1"
        stroke="#000"
        strokeWidth={0.6}
      />
    </>
  ),
  es: stripes(['#AA151B', '#F1BF00', '#AA151B'], false, [1, 2, 1]),
  vi: (
    <>
      <rect width={30} height={20} fill="#DA251D" />
      <polygon points={star(15, 10.5, 6)} fill="#FFFF00" />
    </>
  ),
  th: stripes(['#A51931', '#F4F5F8', '#2D2A4A', '#F4F5F8', '#A51931'], false, [1, 1, 2, 1, 1]),
  id: stripes(['#CE1126', '#fff'], false),
  // Arabic: the United Arab Emirates' flag, as Gulf brokers' apps show it.
  ar: (
    <>
      {stripes(['#00732F', '#fff', '#000'], false)}
      <rect width={8} height={20} fill="#FF0000" />
    </>
  ),
};

/** The flag image of a language (decorative: the language name is written beside it). */
export function Flag({ lang }: { lang: Language }) {
  return (
    <svg
      className="flag"
      viewBox="0 0 30 20"
      width={21}
      height={14}
      aria-hidden="true"
      focusable="false"
      data-flag={lang}
    >
      {FLAGS[lang]}
    </svg>
  );
}
