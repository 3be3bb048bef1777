// A large field on a phone (Dots' 39x32 on 400 px is 10 px a point): the board shows the 13x13
// points around the last move, large enough to tap, with a button to see the whole field and
// back. Only the picture's viewBox changes: the points, clicks and marks are the same. A tap
// between points goes to the nearest.
"use strict";

/// Points across the window, and the screens and boards it is for (past 20x20 points: Dots'
/// fields, not Go's 19x19 nor Hex).
const ZOOM_SPAN = 13;
const ZOOM_SCREEN = 600;
const ZOOM_POINTS = 400;
/// The person's choice on this page: zoomed (true) or the whole field.
let zoomed = true;

/// Zooms `picture` (the board's SVG) around `last` (a point's name, or none) when the screen is
/// narrow and the board large; shows or hides the button that switches.
function zoomBoard(picture, last) {
  const button = document.getElementById("zoom");
  const points = [...picture.querySelectorAll("[data-point]")];
  const xs = [...new Set(points.map((p) => Number(p.getAttribute("cx"))))].sort((a, b) => a - b);
  const ys = [...new Set(points.map((p) => Number(p.getAttribute("cy"))))].sort((a, b) => a - b);
  const large = points.length >= ZOOM_POINTS;
  const applies = !!button && large && window.innerWidth <= ZOOM_SCREEN;
  if (button) button.classList.toggle("hidden", !applies);
  if (!applies) return;
  button.textContent = zoomed ? "Whole field" : "Zoom in";
  if (!zoomed) return;
  const step = (xs[xs.length - 1] - xs[0]) / Math.max(1, xs.length - 1);
  const at = last && picture.querySelector(`[data-point="${CSS.escape(last)}"]`);
  const cx = at ? Number(at.getAttribute("cx")) : (xs[0] + xs[xs.length - 1]) / 2;
  const cy = at ? Number(at.getAttribute("cy")) : (ys[0] + ys[ys.length - 1]) / 2;
  const half = (step * ZOOM_SPAN) / 2;
  // The window stays on the field: moved in from an edge rather than cut by it.
  const clamp = (c, lo, hi) => Math.min(Math.max(c, lo + half - step / 2), hi - half + step / 2);
  const x = clamp(cx, xs[0], xs[xs.length - 1]) - half;
  const y = clamp(cy, ys[0], ys[ys.length - 1]) - half;
  picture.setAttribute("viewBox", `${x} ${y} ${2 * half} ${2 * half}`);
  picture.removeAttribute("width");
  picture.removeAttribute("height");
  picture.style.maxWidth = "";
  picture.dataset.zoomed = "true";
}

/// The point nearest a click that hit none (between the circles of a field of small dots), if it
/// is within a circle's width of the click: every tap on the board lands on a point.
function nearestPoint(event) {
  let best = null;
  let distance = Infinity;
  for (const p of document.querySelectorAll("#board [data-point]")) {
    const r = p.getBoundingClientRect();
    const d = Math.hypot(event.clientX - (r.left + r.width / 2), event.clientY - (r.top + r.height / 2));
    if (d < distance && d <= r.width) {
      best = p;
      distance = d;
    }
  }
  return best;
}

document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("zoom");
  if (!button) return;
  button.addEventListener("click", () => {
    zoomed = !zoomed;
    // The same state drawn again (app.js), zoomed or whole.
    if (state) show(state);
  });
});
