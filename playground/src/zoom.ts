// A drawing that can be zoomed: takes an SVG drawn at its natural width, gives a box with −, +,
// "Fit" and "Full size" (the drawing alone over the page at its natural size and larger, Escape
// or the button again to go back); Ctrl and the wheel zoom too. The drawing is never cut: the box scrolls.
import { h } from './dom.js';

const STEPS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3];

export function zoomable(drawing: SVGSVGElement, label: string): HTMLElement {
  const natural = Number(drawing.getAttribute('width')) || drawing.viewBox.baseVal.width || 600;
  let zoom: number | null = null; // null: fit the box's width
  const status = h('span', { class: 'muted small zoom-level', 'aria-live': 'polite' });
  const apply = () => {
    drawing.style.width = zoom === null ? '100%' : `${Math.round(natural * zoom)}px`;
    drawing.style.maxWidth = zoom === null ? `${natural * 1.5}px` : 'none';
    drawing.style.height = 'auto';
    status.textContent = zoom === null ? 'fitted' : `${Math.round(zoom * 100)}%`;
  };
  const step = (by: number) => {
    const now = zoom ?? Math.min(1.5, (viewport.clientWidth || natural) / natural);
    const at = STEPS.findIndex((s) => s >= now - 0.01);
    const next = by > 0 ? STEPS.find((s) => s > now + 0.01) : [...STEPS].reverse().find((s) => s < now - 0.01);
    zoom = next ?? STEPS[Math.max(0, Math.min(STEPS.length - 1, at))]!;
    apply();
  };
  const viewport = h('div', { class: 'zoom-viewport', tabindex: 0, role: 'region', 'aria-label': label }, drawing);
  const full = h('button', { type: 'button', class: 'zoom-full', 'aria-pressed': 'false', title: 'The drawing alone, at its full size (Escape to go back)' }, 'Full size');
  const box = h('div', { class: 'zoom-box' },
    h('div', { class: 'row zoom-tools', role: 'toolbar', 'aria-label': `Zoom: ${label}` },
      h('button', { type: 'button', title: 'Zoom out', 'aria-label': 'Zoom out', onclick: () => step(-1) }, '−'),
      h('button', { type: 'button', title: 'Zoom in', 'aria-label': 'Zoom in', onclick: () => step(1) }, '+'),
      h('button', { type: 'button', title: 'Fit the width', onclick: () => { zoom = null; apply(); } }, 'Fit'),
      full, status),
    viewport);
  const setFull = (on: boolean) => {
    box.classList.toggle('full', on);
    full.setAttribute('aria-pressed', String(on));
    full.textContent = on ? 'Back' : 'Full size';
    if (on) { zoom = Math.max(1, zoom ?? 1); apply(); full.focus(); } else { zoom = null; apply(); }
  };
  full.addEventListener('click', () => setFull(!box.classList.contains('full')));
  box.addEventListener('keydown', (e) => { if (e.key === 'Escape' && box.classList.contains('full')) { e.stopPropagation(); setFull(false); } });
  viewport.addEventListener('wheel', (e) => { if (!e.ctrlKey) return; e.preventDefault(); step(e.deltaY < 0 ? 1 : -1); }, { passive: false });
  apply();
  return box;
}
